// One database pass: no database (pure code), so the PostgreSQL pass would repeat it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DECLARED_RESOURCES, edgesOf, LABEL_ORDER, labelOrderMachine, type ResourceDef } from '@tagloom/domain';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema/index.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/**
 * Writers of a state field the check below lets be, each with its reason. Everything else moves a
 * row by its machine: a button's transition (core/resource/transitions.ts) or move() for the
 * system's own moves (declared in the machine's `system`).
 */
const ALLOWED: Record<string, string> = {
  // one conditional UPDATE per fire, racing the other processes on (state, next fire): it takes the
  // machine's system edge `complete` (normal → completed) in SQL as it claims a task's last fire
  'modules/general/scheduler/scheduler.ts': 'the scheduler claims a fire and completes its last in one statement',
};

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return name === 'seed' ? [] : sources(p);
    // demo data is written as it stands (seeds), tests set rows up as they need
    return p.endsWith('.ts') && !p.endsWith('.test.ts') && name !== 'seed.ts' ? [p] : [];
  });

/** Every declaration (and line) with a state machine. */
function documents(): ResourceDef[] {
  const out = new Map<string, ResourceDef>();
  const add = (d: ResourceDef) => {
    if (!out.has(d.code)) out.set(d.code, d);
    for (const c of d.children ?? []) add(c.resource as ResourceDef);
  };
  for (const d of DECLARED_RESOURCES) add(d);
  return [...out.values()].filter((d) => d.machine);
}

describe('state machines are whole: every move of a state field is one of its machine’s edges', () => {
  it('declares the label order’s system moves (non-RFID confirm → purchasing, Get EPC’s end) beside its buttons', () => {
    const edges = edgesOf(labelOrderMachine).map(([a, from, to]) => `${a}:${from}>${to}`);
    expect(edges).toEqual(
      expect.arrayContaining([
        `purchase:${LABEL_ORDER.CONFIRMED}>${LABEL_ORDER.PURCHASING}`,
        `epcGenerated:${LABEL_ORDER.EPC_GENERATING}>${LABEL_ORDER.EPC_GENERATED}`,
        `epcNotGenerated:${LABEL_ORDER.EPC_GENERATING}>${LABEL_ORDER.NOT_GENERATED}`,
      ]),
    );
    // no button for them: the console offers the buttons' transitions only
    for (const a of ['purchase', 'epcGenerated', 'epcNotGenerated']) expect(Object.keys(labelOrderMachine.transitions)).not.toContain(a);
  });

  it('finds no code writing a machine’s state field directly (UPDATE … SET <state>) outside move() and the transition routes', () => {
    // the tables of the documents, by the names the source imports them under, and their state field
    const states = new Map<string, string>(documents().map((d) => [d.table, d.machine!.field]));
    const tables = new Map<string, { table: string; field: string }>();
    for (const [name, value] of Object.entries(schema))
      if (is(value, PgTable) && states.has(getTableName(value)))
        tables.set(name, { table: getTableName(value), field: states.get(getTableName(value))! });
    expect([...tables.keys()]).toEqual(expect.arrayContaining(['labelOrders', 'labelPrintTasks', 'schedulerTasks']));

    const found: string[] = [];
    for (const file of sources(SRC)) {
      const rel = path.relative(SRC, file);
      if (ALLOWED[rel]) continue;
      const text = readFileSync(file, 'utf8');
      // .update(<table>) … .set({ … }) up to the statement's .where or its end
      for (const m of text.matchAll(/\.update\(\s*(\w+)\s*\)([\s\S]*?)(\.where\(|;)/g)) {
        const t = tables.get(m[1]);
        if (!t) continue;
        if (new RegExp(`\\.set\\([\\s\\S]*\\b${t.field}\\s*:`).test(m[2]))
          found.push(`${rel}:${text.slice(0, m.index).split('\n').length} writes ${t.table}.${t.field}`);
      }
    }
    expect(found).toEqual([]);
  });
});
