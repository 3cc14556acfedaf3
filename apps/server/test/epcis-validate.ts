/**
 * GS1's published EPCIS 2.0 JSON schema (fixtures/epcis), compiled with ajv: what the lifecycle's
 * documents are checked against (epcis-schema.test.ts, and the tests of the screens that write events).
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsPlugin from 'ajv-formats';

// biome-ignore lint/suspicious/noExplicitAny: the schema is read loosely
export const schema: Record<string, any> = JSON.parse(
  readFileSync(new URL('../src/modules/label/epcis/gs1/EPCIS-JSON-Schema.json', import.meta.url), 'utf8'),
);
const ajv = new Ajv({ strict: false, allErrors: true });
(addFormatsPlugin as unknown as (a: Ajv) => void)(ajv);
const validate = ajv.compile(schema);
/** What the schema finds wrong with a document (none: valid). */
export const problems = (doc: unknown): ErrorObject[] => (validate(doc) ? [] : (validate.errors ?? []));

/** An EPCISDocument of these events, as a partner captures it (GS1's context first, then the extensions' namespaces). */
export const epcisDocument = (eventList: unknown[], extraContext: unknown[] = []) => ({
  '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld', ...extraContext],
  type: 'EPCISDocument',
  schemaVersion: '2.0',
  creationDate: new Date().toISOString(),
  epcisBody: { eventList },
});
