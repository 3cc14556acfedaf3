import { fuzzOpenApi } from './fuzz-openapi.js';

// shard 1 of the OpenAPI fuzz (fuzz-openapi.ts): four files, so that the pool's workers share the probes
fuzzOpenApi({ shard: 1, of: 4 });
