/**
 * The declared resources by screen code, as the domain registry holds them (every module's
 * declarations, DECLARED_RESOURCES, and their line resources): how the sheet worker finds the
 * declaration whose rules check an import's rows. Only the code crosses the thread boundary (a
 * declaration holds functions and schemas, which cannot be cloned); the worker loads the same
 * registry and looks the code up.
 */
import { DECLARED_RESOURCES, type ResourceDef } from '@tagloom/domain';

let byCode: Map<string, ResourceDef> | undefined;

function index(): Map<string, ResourceDef> {
  const map = new Map<string, ResourceDef>();
  const add = (def: ResourceDef) => {
    if (map.has(def.code)) return;
    map.set(def.code, def);
    for (const c of def.children ?? []) add(c.resource as ResourceDef);
  };
  for (const def of DECLARED_RESOURCES) add(def);
  return map;
}

/** The registry's declaration of a screen code, or undefined when no module declares it. */
export function declaredResource(code: string): ResourceDef | undefined {
  byCode ??= index();
  return byCode.get(code);
}
