/**
 * The worked examples of the GS1 EPC Tag Data Standard 1.13, one per EPC binary scheme (the
 * standard's example tables of §14 / Annex E: hex, pure-identity URI, tag URI, element string),
 * as transcribed in the GS1 contributor Danny Haak's TDT test suite
 * (github.com/dannyhaak/TagDataTranslation, TDSStandard.cs), with the errata it notes against the
 * printed standard applied:
 * - SGTIN-198: the printed pure-identity URI shows indicator 8 where the hex and the element string
 *   (01)70614141123451 carry 7;
 * - GIAI-202: the printed element string (8004)0061414132a/b has one 0 too many;
 * - GSRN-96: the printed hex 2D14… has filter 0 where the tag URI says 3 (2D74…);
 * - SGCN-96: the printed tag URI has a filter other than the hex's 3.
 * Hex is given as the standard prints it (rounded to a hex digit); the codec writes whole words.
 */
import type { Tds1Scheme } from './types.js';

export interface TdsExample {
  scheme: Tds1Scheme;
  hex: string;
  uri: string;
  tagUri: string;
  elementString?: string;
}

export const TDS_EXAMPLES: TdsExample[] = [
  {
    scheme: 'sgtin-96',
    hex: '3074257BF7194E4000001A85',
    uri: 'urn:epc:id:sgtin:0614141.812345.6789',
    tagUri: 'urn:epc:tag:sgtin-96:3.0614141.812345.6789',
    elementString: '(01)80614141123458(21)6789',
  },
  {
    scheme: 'sgtin-198',
    hex: '3674257BF6B7A659B2C2BF1000000000000000000000000000',
    uri: 'urn:epc:id:sgtin:0614141.712345.32a%2Fb',
    tagUri: 'urn:epc:tag:sgtin-198:3.0614141.712345.32a%2Fb',
    elementString: '(01)70614141123451(21)32a/b',
  },
  {
    scheme: 'sscc-96',
    hex: '3174257BF4499602D2000000',
    uri: 'urn:epc:id:sscc:0614141.1234567890',
    tagUri: 'urn:epc:tag:sscc-96:3.0614141.1234567890',
    elementString: '(00)106141412345678908',
  },
  {
    scheme: 'sgln-96',
    hex: '3274257BF46072000000162E',
    uri: 'urn:epc:id:sgln:0614141.12345.5678',
    tagUri: 'urn:epc:tag:sgln-96:3.0614141.12345.5678',
    elementString: '(414)0614141123452(254)5678',
  },
  {
    scheme: 'sgln-195',
    hex: '3974257BF46072CD9615F8800000000000000000000000000',
    uri: 'urn:epc:id:sgln:0614141.12345.32a%2Fb',
    tagUri: 'urn:epc:tag:sgln-195:3.0614141.12345.32a%2Fb',
    elementString: '(414)0614141123452(254)32a/b',
  },
  {
    scheme: 'grai-96',
    hex: '3374257BF40C0E400000162E',
    uri: 'urn:epc:id:grai:0614141.12345.5678',
    tagUri: 'urn:epc:tag:grai-96:3.0614141.12345.5678',
    elementString: '(8003)006141411234525678',
  },
  {
    scheme: 'grai-170',
    hex: '3774257BF40C0E59B2C2BF100000000000000000000',
    uri: 'urn:epc:id:grai:0614141.12345.32a%2Fb',
    tagUri: 'urn:epc:tag:grai-170:3.0614141.12345.32a%2Fb',
    elementString: '(8003)0061414112345232a/b',
  },
  {
    scheme: 'giai-96',
    hex: '3474257BF40000000000162E',
    uri: 'urn:epc:id:giai:0614141.5678',
    tagUri: 'urn:epc:tag:giai-96:3.0614141.5678',
    elementString: '(8004)06141415678',
  },
  {
    scheme: 'giai-202',
    hex: '3874257BF59B2C2BF1000000000000000000000000000000000',
    uri: 'urn:epc:id:giai:0614141.32a%2Fb',
    tagUri: 'urn:epc:tag:giai-202:3.0614141.32a%2Fb',
    elementString: '(8004)061414132a/b',
  },
  {
    scheme: 'gsrn-96',
    hex: '2D74257BF4499602D2000000',
    uri: 'urn:epc:id:gsrn:0614141.1234567890',
    tagUri: 'urn:epc:tag:gsrn-96:3.0614141.1234567890',
    elementString: '(8018)061414112345678902',
  },
  {
    scheme: 'gsrnp-96',
    hex: '2E74257BF4499602D2000000',
    uri: 'urn:epc:id:gsrnp:0614141.1234567890',
    tagUri: 'urn:epc:tag:gsrnp-96:3.0614141.1234567890',
    elementString: '(8017)061414112345678902',
  },
  {
    scheme: 'gdti-96',
    hex: '2C74257BF46072000000162E',
    uri: 'urn:epc:id:gdti:0614141.12345.5678',
    tagUri: 'urn:epc:tag:gdti-96:3.0614141.12345.5678',
    elementString: '(253)06141411234525678',
  },
  {
    scheme: 'gdti-174',
    hex: '3E74F4E4E7039B061438997367D0C18B266D1AB66EE0',
    uri: 'urn:epc:id:gdti:4012345.98765.ABCDefgh012345678',
    tagUri: 'urn:epc:tag:gdti-174:3.4012345.98765.ABCDefgh012345678',
    elementString: '(253)4012345987652ABCDefgh012345678',
  },
  {
    scheme: 'cpi-96',
    hex: '3C74257BF400C0E680003039',
    uri: 'urn:epc:id:cpi:0614141.98765.12345',
    tagUri: 'urn:epc:tag:cpi-96:3.0614141.98765.12345',
    elementString: '(8010)061414198765(8011)12345',
  },
  {
    scheme: 'cpi-var',
    hex: '3D74257BF75411DEF6B4CC00000003039',
    uri: 'urn:epc:id:cpi:0614141.5PQ7%2FZ43.12345',
    tagUri: 'urn:epc:tag:cpi-var:3.0614141.5PQ7%2FZ43.12345',
    elementString: '(8010)06141415PQ7/Z43(8011)12345',
  },
  {
    scheme: 'sgcn-96',
    hex: '3F74F4E4E612640000019907',
    uri: 'urn:epc:id:sgcn:4012345.67890.04711',
    tagUri: 'urn:epc:tag:sgcn-96:3.4012345.67890.04711',
    elementString: '(255)401234567890104711',
  },
  {
    scheme: 'gid-96',
    hex: '350007AB70425D4000000586',
    uri: 'urn:epc:id:gid:31415.271828.1414',
    tagUri: 'urn:epc:tag:gid-96:31415.271828.1414',
  },
  {
    scheme: 'usdod-96',
    hex: '2F320434147455900000162E',
    uri: 'urn:epc:id:usdod:CAGEY.5678',
    tagUri: 'urn:epc:tag:usdod-96:3.CAGEY.5678',
  },
  {
    scheme: 'adi-var',
    hex: '3B0E0CF5E76C9047759AD00373DC7602E7200',
    uri: 'urn:epc:id:adi:35962.PQ7VZ4.M37GXB92',
    tagUri: 'urn:epc:tag:adi-var:3.35962.PQ7VZ4.M37GXB92',
  },
  {
    scheme: 'itip-110',
    hex: '4074F4E4E40C0E40820000000F6C',
    uri: 'urn:epc:id:itip:4012345.012345.01.02.987',
    tagUri: 'urn:epc:tag:itip-110:3.4012345.012345.01.02.987',
    elementString: '(8006)040123451234560102(21)987',
  },
  {
    scheme: 'itip-212',
    hex: '4174F4E4E40C0E4082DBDD8B36600000000000000000000000000000',
    uri: 'urn:epc:id:itip:4012345.012345.01.02.mw133',
    tagUri: 'urn:epc:tag:itip-212:3.4012345.012345.01.02.mw133',
    elementString: '(8006)040123451234560102(21)mw133',
  },
];
