/** GS1's published EPCIS 2.0 JSON schema (fixtures/epcis), compiled once with ajv, for the tests that check documents against it. */
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsPlugin from 'ajv-formats';

export const epcisSchema = JSON.parse(readFileSync(new URL('./fixtures/epcis/EPCIS-JSON-Schema.json', import.meta.url), 'utf8'));
const ajv = new Ajv({ strict: false, allErrors: true });
(addFormatsPlugin as unknown as (a: Ajv) => void)(ajv);
const validate = ajv.compile(epcisSchema);

/** What the schema finds wrong with a document (none: valid). */
export const epcisProblems = (doc: unknown): ErrorObject[] => (validate(doc) ? [] : (validate.errors ?? []));
