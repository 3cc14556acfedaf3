/**
 * The worked examples of EPC Tag Data Standard 2.3 (Ratified, October 2025), Annex E.3 "Summary
 * Examples of All EPC schemes" (Tables 506–549): every scheme's GS1 element string, GS1 Digital
 * Link URI, EPC URI and tag URI (TDS 1.13 schemes) and EPC binary encoding (hex, as printed: to a
 * hex digit, not to a 16-bit word). Transcribed from the TDS 2.3 text; `input` is what `encodeEpc`
 * takes to write the same hex.
 *
 * The Annex prints the Digital Links of most TDS 1.13 schemes on https://example.com (any host makes
 * a GS1 Digital Link; the codec writes id.gs1.org), the '+' schemes on id.gs1.org and the '++' ones on
 * their encoded hostname. The errata of Annex E.3 applied (each example's `erratum` says which; the
 * same were found by the TDT author D. Haak, github.com/dannyhaak/TagDataTranslation,
 * docs/TDS-2.3-Errata.md, and by decoding the bits here):
 * - SGTIN-96 (Table 506): the EPC URI ends …05.1234567896789; the hex and the element string hold 123456789;
 * - SGTIN++ and DSGTIN++ (Tables 509, 510): the Digital Link shows example.com; the bits encode
 *   id.example.com (the "id." optimisation sequence 0100000), as every other '++' example does;
 * - SSCC++ (Table 513) and ITIP++ (Table 549): the hex begins F9 / F3, the headers of SSCC+ / ITIP+
 *   (whose EPC would end before the hostname bits); the '++' headers of Table 14-1 are EF / ED.
 * The '+' schemes have no URN (TDS 2.3 "Differences from TDS 1.13"): their `uri` is the Digital Link
 * of the EPC's own AIs, which the Annex gives for DSGTIN+ / DSGTIN++ as "… in EPCIS".
 */
import type { EncodeEpcInput, EpcScheme } from './types.js';

export interface Tds23Example {
  scheme: EpcScheme;
  hex: string;
  elementString?: string;
  digitalLink?: string;
  uri: string;
  /** TDS 1.13 schemes only: the '+' / '++' ones have no tag URI (the codec gives their raw URI). */
  tagUri?: string;
  input: EncodeEpcInput;
  erratum?: string;
}

const PLUS = (
  scheme: EpcScheme,
  hex: string,
  elementString: string,
  digitalLink: string,
  input: Omit<EncodeEpcInput, 'scheme'>,
  extra: Partial<Tds23Example> = {},
): Tds23Example => ({ scheme, hex, elementString, digitalLink, uri: digitalLink, input: { scheme, ...input } as EncodeEpcInput, ...extra });

const HOST = 'id.example.com';

export const TDS23_EXAMPLES: Tds23Example[] = [
  {
    scheme: 'sgtin-96',
    hex: '3066C4409047E140075BCD15',
    elementString: '(01)09506000134352(21)123456789',
    digitalLink: 'https://id.gs1.org/01/09506000134352/21/123456789',
    uri: 'urn:epc:id:sgtin:95060001343.05.123456789',
    tagUri: 'urn:epc:tag:sgtin-96:3.95060001343.05.123456789',
    input: { scheme: 'sgtin-96', gtin: '09506000134352', serial: '123456789', filter: 3, companyPrefixLength: 11 },
    erratum: 'the printed EPC URI ends 1234567896789; the hex and the element string hold the serial 123456789',
  },
  {
    scheme: 'sgtin-198',
    hex: '3666C4409047E159B2C2BF100000000000000000000000000000',
    elementString: '(01)09506000134352(21)32a/b',
    digitalLink: 'https://id.gs1.org/01/09506000134352/21/32a%2Fb',
    uri: 'urn:epc:id:sgtin:95060001343.05.32a%2Fb',
    tagUri: 'urn:epc:tag:sgtin-198:3.95060001343.05.32a%2Fb',
    input: { scheme: 'sgtin-198', gtin: '09506000134352', serial: '32a/b', filter: 3, companyPrefixLength: 11 },
  },
  PLUS('sgtin+', 'F73795211411234538566CB0AFC4', '(01)79521141123453(21)32a/b', 'https://id.gs1.org/01/79521141123453/21/32a%2Fb', {
    gtin: '79521141123453',
    serial: '32a/b',
    filter: 3,
  }),
  PLUS(
    'dsgtin+',
    'FB342CDE795211411234538566CB0AFC4',
    '(01)79521141123453(21)32a/b(17)220630',
    'https://id.gs1.org/01/79521141123453/21/32a%2Fb?17=220630',
    { gtin: '79521141123453', serial: '32a/b', date: '220630', dateType: '17', filter: 3 },
    { uri: 'https://id.gs1.org/01/79521141123453/21/32a%2Fb' },
  ),
  PLUS(
    'sgtin++',
    'FD3795211411234538566CB0AFC525065F1876F0D996D800',
    '(01)79521141123453(21)32a/b',
    'https://id.example.com/01/79521141123453/21/32a%2Fb',
    { gtin: '79521141123453', serial: '32a/b', filter: 3, hostname: HOST },
    { erratum: 'the printed Digital Link is on example.com; the bits encode the hostname id.example.com' },
  ),
  PLUS(
    'dsgtin++',
    'FC342CDE795211411234538566CB0AFC525065F1876F0D996D80',
    '(01)79521141123453(21)32a/b(17)220630',
    'https://id.example.com/01/79521141123453/21/32a%2Fb?17=220630',
    { gtin: '79521141123453', serial: '32a/b', date: '220630', dateType: '17', filter: 3, hostname: HOST },
    {
      uri: 'https://id.example.com/01/79521141123453/21/32a%2Fb',
      erratum: 'the printed Digital Link (and its EPCIS form) is on example.com; the bits encode the hostname id.example.com',
    },
  ),
  {
    scheme: 'sscc-96',
    hex: '311BA1B300CE0A6A83000000',
    elementString: '(00)095201234567891235',
    digitalLink: 'https://example.com/00/095201234567891235',
    uri: 'urn:epc:id:sscc:952012.03456789123',
    tagUri: 'urn:epc:tag:sscc-96:0.952012.03456789123',
    input: { scheme: 'sscc-96', sscc: '095201234567891235', filter: 0, companyPrefixLength: 6 },
  },
  PLUS('sscc+', 'F90095201234567891235', '(00)095201234567891235', 'https://id.gs1.org/00/095201234567891235', {
    sscc: '095201234567891235',
    filter: 0,
  }),
  PLUS(
    'sscc++',
    'EF009520123456789123592832F8C3B786CCB6C0',
    '(00)095201234567891235',
    'https://id.example.com/00/095201234567891235',
    { sscc: '095201234567891235', filter: 0, hostname: HOST },
    { erratum: 'the printed hex begins F9, the header of SSCC+; SSCC++ is EF (Table 14-1)' },
  ),
  {
    scheme: 'sgln-96',
    hex: '3276451FD46072000000162E',
    elementString: '(414)9521141123454(254)5678',
    digitalLink: 'https://example.com/414/9521141123454/254/5678',
    uri: 'urn:epc:id:sgln:9521141.12345.5678',
    tagUri: 'urn:epc:tag:sgln-96:3.9521141.12345.5678',
    input: { scheme: 'sgln-96', gln: '9521141123454', extension: '5678', filter: 3, companyPrefixLength: 7 },
  },
  {
    scheme: 'sgln-195',
    hex: '3976451FD46072CD9615F8800000000000000000000000000000',
    elementString: '(414)9521141123454(254)32a/b',
    digitalLink: 'https://example.com/414/9521141123454/254/32a%2Fb',
    uri: 'urn:epc:id:sgln:9521141.12345.32a%2Fb',
    tagUri: 'urn:epc:tag:sgln-195:3.9521141.12345.32a%2Fb',
    input: { scheme: 'sgln-195', gln: '9521141123454', extension: '32a/b', filter: 3, companyPrefixLength: 7 },
  },
  PLUS('sgln+', 'F2395211411234548566CB0AFC4', '(414)9521141123454(254)32a/b', 'https://id.gs1.org/414/9521141123454/254/32a%2Fb', {
    gln: '9521141123454',
    extension: '32a/b',
    filter: 3,
  }),
  PLUS(
    'sgln++',
    'E9395211411234548566CB0AFC525065F1876F0D996D8000',
    '(414)9521141123454(254)32a/b',
    'https://id.example.com/414/9521141123454/254/32a%2Fb',
    { gln: '9521141123454', extension: '32a/b', filter: 3, hostname: HOST },
  ),
  {
    scheme: 'grai-96',
    hex: '3376451FD40C0E400000162E',
    elementString: '(8003)095211411234545678',
    digitalLink: 'https://example.com/8003/095211411234545678',
    uri: 'urn:epc:id:grai:9521141.12345.5678',
    tagUri: 'urn:epc:tag:grai-96:3.9521141.12345.5678',
    input: { scheme: 'grai-96', grai: '09521141123454', serial: '5678', filter: 3, companyPrefixLength: 7 },
  },
  {
    scheme: 'grai-170',
    hex: '3776451FD40C0E59B2C2BF1000000000000000000000',
    elementString: '(8003)0952114112345432a/b',
    digitalLink: 'https://example.com/8003/0952114112345432a%2Fb',
    uri: 'urn:epc:id:grai:9521141.12345.32a%2Fb',
    tagUri: 'urn:epc:tag:grai-170:3.9521141.12345.32a%2Fb',
    input: { scheme: 'grai-170', grai: '09521141123454', serial: '32a/b', filter: 3, companyPrefixLength: 7 },
  },
  PLUS('grai+', 'F13095211411234548566CB0AFC4', '(8003)0952114112345432a/b', 'https://id.gs1.org/8003/0952114112345432a%2Fb', {
    grai: '09521141123454',
    serial: '32a/b',
    filter: 3,
  }),
  PLUS(
    'grai++',
    'EB3095211411234548566CB0AFC525065F1876F0D996D800',
    '(8003)0952114112345432a/b',
    'https://id.example.com/8003/0952114112345432a%2Fb',
    { grai: '09521141123454', serial: '32a/b', filter: 3, hostname: HOST },
  ),
  {
    scheme: 'giai-96',
    hex: '3476451FD40000000000162E',
    elementString: '(8004)95211415678',
    digitalLink: 'https://example.com/8004/95211415678',
    uri: 'urn:epc:id:giai:9521141.5678',
    tagUri: 'urn:epc:tag:giai-96:3.9521141.5678',
    input: { scheme: 'giai-96', giai: '95211415678', filter: 3, companyPrefixLength: 7 },
  },
  {
    scheme: 'giai-202',
    hex: '3876451FD59B2C2BF10000000000000000000000000000000000',
    elementString: '(8004)952114132a/b',
    digitalLink: 'https://example.com/8004/952114132a%2Fb',
    uri: 'urn:epc:id:giai:9521141.32a%2Fb',
    tagUri: 'urn:epc:tag:giai-202:3.9521141.32a%2Fb',
    input: { scheme: 'giai-202', giai: '952114132a/b', filter: 3, companyPrefixLength: 7 },
  },
  PLUS('giai+', 'FA3952114132E83C2BF10', '(8004)952114132a/b', 'https://id.gs1.org/8004/952114132a%2Fb', {
    giai: '952114132a/b',
    filter: 3,
  }),
  PLUS('giai++', 'EE3952114132E83C2BF1494197C61DBC3665B600', '(8004)952114132a/b', 'https://id.example.com/8004/952114132a%2Fb', {
    giai: '952114132a/b',
    filter: 3,
    hostname: HOST,
  }),
  {
    scheme: 'gsrn-96',
    hex: '2D76451FD4499602D2000000',
    elementString: '(8018)952114112345678906',
    digitalLink: 'https://example.com/8018/952114112345678906',
    uri: 'urn:epc:id:gsrn:9521141.1234567890',
    tagUri: 'urn:epc:tag:gsrn-96:3.9521141.1234567890',
    input: { scheme: 'gsrn-96', gsrn: '952114112345678906', filter: 3, companyPrefixLength: 7 },
  },
  PLUS('gsrn+', 'F43952114112345678906', '(8018)952114112345678906', 'https://id.gs1.org/8018/952114112345678906', {
    gsrn: '952114112345678906',
    filter: 3,
  }),
  PLUS('gsrn++', 'E7395211411234567890692832F8C3B786CCB6C0', '(8018)952114112345678906', 'https://id.example.com/8018/952114112345678906', {
    gsrn: '952114112345678906',
    filter: 3,
    hostname: HOST,
  }),
  {
    scheme: 'gsrnp-96',
    hex: '2E76451FD4499602D2000000',
    elementString: '(8017)952114112345678906',
    digitalLink: 'https://example.com/8017/952114112345678906',
    uri: 'urn:epc:id:gsrnp:9521141.1234567890',
    tagUri: 'urn:epc:tag:gsrnp-96:3.9521141.1234567890',
    input: { scheme: 'gsrnp-96', gsrnp: '952114112345678906', filter: 3, companyPrefixLength: 7 },
  },
  PLUS('gsrnp+', 'F53952114112345678906', '(8017)952114112345678906', 'https://id.gs1.org/8017/952114112345678906', {
    gsrnp: '952114112345678906',
    filter: 3,
  }),
  PLUS(
    'gsrnp++',
    'E8395211411234567890692832F8C3B786CCB6C0',
    '(8017)952114112345678906',
    'https://id.example.com/8017/952114112345678906',
    {
      gsrnp: '952114112345678906',
      filter: 3,
      hostname: HOST,
    },
  ),
  {
    scheme: 'gdti-96',
    hex: '2C76451FD46072000000162E',
    elementString: '(253)95211411234545678',
    digitalLink: 'https://example.com/253/95211411234545678',
    uri: 'urn:epc:id:gdti:9521141.12345.5678',
    tagUri: 'urn:epc:tag:gdti-96:3.9521141.12345.5678',
    input: { scheme: 'gdti-96', gdti: '9521141123454', serial: '5678', filter: 3, companyPrefixLength: 7 },
  },
  {
    scheme: 'gdti-174',
    hex: '3E76451FD7039B061438997367D0C18B266D1AB66EE0',
    elementString: '(253)9521141987650ABCDefgh012345678',
    digitalLink: 'https://example.com/253/9521141987650ABCDefgh012345678',
    uri: 'urn:epc:id:gdti:9521141.98765.ABCDefgh012345678',
    tagUri: 'urn:epc:tag:gdti-174:3.9521141.98765.ABCDefgh012345678',
    input: { scheme: 'gdti-174', gdti: '9521141987650', serial: 'ABCDefgh012345678', filter: 3, companyPrefixLength: 7 },
  },
  PLUS('gdti+', 'F6395211411234540458B8', '(253)95211411234545678', 'https://id.gs1.org/253/95211411234545678', {
    gdti: '9521141123454',
    serial: '5678',
    filter: 3,
  }),
  PLUS('gdti++', 'EA395211411234540458BA4A0CBE30EDE1B32DB0', '(253)95211411234545678', 'https://id.example.com/253/95211411234545678', {
    gdti: '9521141123454',
    serial: '5678',
    filter: 3,
    hostname: HOST,
  }),
  {
    scheme: 'cpi-96',
    hex: '3C76451FD400C0E680003039',
    elementString: '(8010)952114198765(8011)12345',
    digitalLink: 'https://example.com/8010/952114198765/8011/12345',
    uri: 'urn:epc:id:cpi:9521141.98765.12345',
    tagUri: 'urn:epc:tag:cpi-96:3.9521141.98765.12345',
    input: { scheme: 'cpi-96', companyPrefix: '9521141', componentPartReference: '98765', serial: '12345', filter: 3 },
  },
  {
    scheme: 'cpi-var',
    hex: '3D76451FD75411DEF6B4CC00000003039000',
    elementString: '(8010)95211415PQ7/Z43(8011)12345',
    digitalLink: 'https://example.com/8010/95211415PQ7%2FZ43/8011/12345',
    uri: 'urn:epc:id:cpi:9521141.5PQ7%2FZ43.12345',
    tagUri: 'urn:epc:tag:cpi-var:3.9521141.5PQ7%2FZ43.12345',
    input: { scheme: 'cpi-var', cpi: '95211415PQ7/Z43', serial: '12345', filter: 3, companyPrefixLength: 7 },
  },
  PLUS(
    'cpi+',
    'F0395211415E87A145BAFB4D19A8C0E4',
    '(8010)95211415PQ7/Z43(8011)12345',
    'https://id.gs1.org/8010/95211415PQ7%2FZ43/8011/12345',
    { cpi: '95211415PQ7/Z43', serial: '12345', filter: 3 },
  ),
  PLUS(
    'cpi++',
    'E6395211415E87A145BAFB4D19A8C0E64A0CBE30EDE1B32DB000',
    '(8010)95211415PQ7/Z43(8011)12345',
    'https://id.example.com/8010/95211415PQ7%2FZ43/8011/12345',
    { cpi: '95211415PQ7/Z43', serial: '12345', filter: 3, hostname: HOST },
  ),
  {
    scheme: 'sgcn-96',
    hex: '3F76451FD612640000019907',
    elementString: '(255)952114167890904711',
    digitalLink: 'https://example.com/255/952114167890904711',
    uri: 'urn:epc:id:sgcn:9521141.67890.04711',
    tagUri: 'urn:epc:tag:sgcn-96:3.9521141.67890.04711',
    input: { scheme: 'sgcn-96', sgcn: '9521141678909', serial: '04711', filter: 3, companyPrefixLength: 7 },
  },
  PLUS('sgcn+', 'F839521141678909509338', '(255)952114167890904711', 'https://id.gs1.org/255/952114167890904711', {
    sgcn: '9521141678909',
    serial: '04711',
    filter: 3,
  }),
  PLUS('sgcn++', 'EC3952114167890950933C94197C61DBC3665B60', '(255)952114167890904711', 'https://id.example.com/255/952114167890904711', {
    sgcn: '9521141678909',
    serial: '04711',
    filter: 3,
    hostname: HOST,
  }),
  {
    scheme: 'gid-96',
    hex: '3500E86F8000A9E000000586',
    uri: 'urn:epc:id:gid:952056.2718.1414',
    tagUri: 'urn:epc:tag:gid-96:952056.2718.1414',
    input: { scheme: 'gid-96', managerNumber: 952056, objectClass: 2718, serial: 1414 },
  },
  {
    scheme: 'usdod-96',
    hex: '2F320434147455900000162E',
    uri: 'urn:epc:id:usdod:CAGEY.5678',
    tagUri: 'urn:epc:tag:usdod-96:3.CAGEY.5678',
    input: { scheme: 'usdod-96', cageOrDodaac: 'CAGEY', serial: 5678, filter: 3 },
  },
  {
    scheme: 'adi-var',
    hex: '3B0E0CF5E76C9047759AD00373DC7602E7200',
    uri: 'urn:epc:id:adi:35962.PQ7VZ4.M37GXB92',
    tagUri: 'urn:epc:tag:adi-var:3.35962.PQ7VZ4.M37GXB92',
    input: { scheme: 'adi-var', cageOrDodaac: '35962', partNumber: 'PQ7VZ4', serial: 'M37GXB92', filter: 3 },
  },
  {
    scheme: 'itip-110',
    hex: '4076451FD40C0E40820000000F54',
    elementString: '(8006)095211411234540102(21)981',
    digitalLink: 'https://example.com/8006/095211411234540102/21/981',
    uri: 'urn:epc:id:itip:9521141.012345.01.02.981',
    tagUri: 'urn:epc:tag:itip-110:3.9521141.012345.01.02.981',
    input: { scheme: 'itip-110', gtin: '09521141123454', piece: '01', total: '02', serial: '981', filter: 3, companyPrefixLength: 7 },
  },
  {
    scheme: 'itip-212',
    hex: '4176451FD40C0E4082DBDD8B36600000000000000000000000000000',
    elementString: '(8006)095211411234540102(21)mw133',
    digitalLink: 'https://example.com/8006/095211411234540102/21/mw133',
    uri: 'urn:epc:id:itip:9521141.012345.01.02.mw133',
    tagUri: 'urn:epc:tag:itip-212:3.9521141.012345.01.02.mw133',
    input: { scheme: 'itip-212', gtin: '09521141123454', piece: '01', total: '02', serial: 'mw133', filter: 3, companyPrefixLength: 7 },
  },
  PLUS(
    'itip+',
    'F3309521141123454010266AE27FDF35',
    '(8006)095211411234540102(21)rif981',
    'https://id.gs1.org/8006/095211411234540102/21/rif981',
    { itip: '095211411234540102', serial: 'rif981', filter: 3 },
  ),
  PLUS(
    'itip++',
    'ED309521141123454010266AE27FDF3592832F8C3B786CCB6C00',
    '(8006)095211411234540102(21)rif981',
    'https://id.example.com/8006/095211411234540102/21/rif981',
    { itip: '095211411234540102', serial: 'rif981', filter: 3, hostname: HOST },
    { erratum: 'the printed hex begins F3, the header of ITIP+; ITIP++ is ED (Table 14-1)' },
  ),
];

/** The Annex's hex where an erratum changed it (scheme → hex as printed). */
export const TDS23_PRINTED_HEX: Partial<Record<EpcScheme, string>> = {
  'sscc++': 'F9009520123456789123592832F8C3B786CCB6C0',
  'itip++': 'F3309521141123454010266AE27FDF3592832F8C3B786CCB6C00',
};
