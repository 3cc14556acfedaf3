import { describe, expectTypeOf, it } from 'vitest';
import type { schedulerResource } from '../resources/general/scheduler.js';
import type { tenantGroupResource } from '../resources/general/tenant-group.js';
import type { sceneResource } from '../resources/rfid/scene.js';
import type { RowOf } from './row.js';

describe('RowOf', () => {
  it('types a row from its declaration: each field by its kind, plus id and time stamps', () => {
    type Group = RowOf<typeof tenantGroupResource>;
    expectTypeOf<Group['code']>().toEqualTypeOf<string>();
    expectTypeOf<Group['remark']>().toEqualTypeOf<string>();
    expectTypeOf<Group['status']>().toEqualTypeOf<number | string | null>();
    expectTypeOf<Group['id']>().toEqualTypeOf<number>();
    expectTypeOf<Group['createdAt']>().toEqualTypeOf<Date>();
    type Scene = RowOf<typeof sceneResource>;
    expectTypeOf<Scene['readPower']>().toEqualTypeOf<number | null>();
    type Task = RowOf<typeof schedulerResource>;
    expectTypeOf<Task['nextFireAt']>().toEqualTypeOf<Date | null>();
    expectTypeOf<Task['repeatTimes']>().toEqualTypeOf<number | null>();
    // @ts-expect-error: no such field
    expectTypeOf<Group['nope']>().toBeUnknown();
  });
});
