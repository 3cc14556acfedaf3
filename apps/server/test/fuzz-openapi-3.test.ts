import { fuzzOpenApi } from './fuzz-openapi.js';

// shard 3 of the OpenAPI fuzz (fuzz-openapi.ts): four files, so that the pool's workers share the probes
fuzzOpenApi({ shard: 3, of: 4 });
