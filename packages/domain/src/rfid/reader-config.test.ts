import { describe, expect, it } from 'vitest';
import {
  estimatedPopulation,
  impinjPreset,
  type ProductParam,
  type SceneSettings,
  sessionOf,
  transmitPowerDbm,
  zebraMode,
} from './reader-config.js';

const scene = (over: Partial<SceneSettings> = {}): SceneSettings => ({
  sceneCode: 'STORE',
  sceneType: 1,
  minPeriod: 5,
  intervalPeriod: 30,
  maxPeriod: 300,
  readPower: 50,
  reportInterval: 10,
  ...over,
});
const R400: ProductParam[] = [
  { code: 'TX_POWER', defaultValue: '30', minValue: 10, maxValue: 33 },
  { code: 'ANTENNA_PORTS', defaultValue: '4', minValue: 1, maxValue: 4 },
];

describe('scene → reader configuration', () => {
  it('estimates the tag population from reads/s × interval, a power of two within 4…1024', () => {
    expect(estimatedPopulation(scene({ readPower: 50, intervalPeriod: 30 }))).toBe(1024); // 1500 capped
    expect(estimatedPopulation(scene({ readPower: 20, intervalPeriod: 2 }))).toBe(64); // 40 → 64
    expect(estimatedPopulation(scene({ readPower: 0.5, intervalPeriod: 1 }))).toBe(4);
  });

  it('chooses session and search mode by scene type and population', () => {
    expect(sessionOf(scene({ sceneType: 3 }))).toEqual({ session: 0, mode: 'dual-target' });
    expect(sessionOf(scene({ sceneType: 2 }))).toEqual({ session: 1, mode: 'single-target' });
    // a tunnel and an EAS exit are portals as a gate is; a fitting room and a handheld as a floor
    for (const sceneType of [5, 7]) expect(sessionOf(scene({ sceneType }))).toEqual({ session: 1, mode: 'single-target' });
    for (const sceneType of [4, 6]) expect(sessionOf(scene({ sceneType }))).toEqual(sessionOf(scene({ sceneType: 1 })));
    expect(sessionOf(scene())).toEqual({ session: 2, mode: 'single-target-with-suppression' });
    expect(sessionOf(scene({ readPower: 10, intervalPeriod: 2 }))).toEqual({ session: 1, mode: 'dual-target' });
  });

  it('takes transmit power from the model (within its range), at most 20 dBm at a point of sale', () => {
    expect(transmitPowerDbm(scene(), R400)).toBe(30);
    expect(transmitPowerDbm(scene(), [{ code: 'TX_POWER', defaultValue: '40', maxValue: 33 }])).toBe(33);
    expect(transmitPowerDbm(scene({ sceneType: 3 }), R400)).toBe(20);
    expect(transmitPowerDbm(scene({ sceneType: 3 }), [{ code: 'TX_POWER', defaultValue: '30', minValue: 25 }])).toBe(25);
    expect(transmitPowerDbm(scene(), [])).toBe(30);
  });

  it('builds the Impinj R700 inventory preset', () => {
    const c = impinjPreset(scene({ sceneCode: 'RECEIVE', sceneType: 2, readPower: 20, intervalPeriod: 2, reportInterval: 5 }), R400);
    expect(c.method).toBe('PUT');
    expect(c.path).toBe('/api/v1/profiles/inventory/presets/receive');
    expect(c.body.eventConfig.common.hostname).toBe('enabled');
    expect(c.body.eventConfig.tagInventory.tagReporting).toEqual({
      reportingIntervalSeconds: 5,
      antennaIdentifier: 'antennaPort',
      tagIdentifier: 'epc',
    });
    expect(c.body.antennaConfigs).toHaveLength(4);
    expect(c.body.antennaConfigs[3]).toEqual({
      antennaPort: 4,
      antennaName: 'RECEIVE-4',
      transmitPowerCdbm: 3000,
      rfMode: 4,
      inventorySession: 1,
      inventorySearchMode: 'single-target',
      estimatedTagPopulation: 64,
    });
    // whole seconds for the reader
    expect(impinjPreset(scene({ reportInterval: 1.6 })).body.eventConfig.tagInventory.tagReporting.reportingIntervalSeconds).toBe(2);
  });

  it('builds the Zebra IoT Connector operating mode', () => {
    const c = zebraMode(scene({ sceneType: 3, readPower: 5, intervalPeriod: 1, reportInterval: 1.25 }), [
      { code: 'ANTENNA_PORTS', defaultValue: '2' },
    ]);
    expect(c.path).toBe('/cloud/mode');
    expect(c.body).toEqual({
      type: 'CUSTOM',
      antennas: [1, 2],
      transmitPower: 20,
      environment: 'HIGH_INTERFERENCE',
      tagMetaData: ['ANTENNA', 'RSSI', 'SEEN_COUNT', 'PC', 'MAC', 'TID'],
      query: { sel: 'ALL', session: 'S0', target: 'AB', tagPopulation: 8 },
      reportFilter: { duration: 1.25, type: 'PER_ANTENNA' },
    });
  });
});
