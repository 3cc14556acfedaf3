import { proveResources } from './resource-proofs.js';

// one share of the declarations the module registry serves (see resource-proofs.ts)
proveResources(3);
