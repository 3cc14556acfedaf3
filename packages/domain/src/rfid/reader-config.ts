/**
 * A scene (spec §3) mapped onto a reader's own settings: the Impinj R700 IoT device interface's
 * inventory preset (`PUT /api/v1/profiles/inventory/presets/{presetId}`) and the Zebra IoT
 * Connector's operating mode (`PUT /cloud/mode`). Pure and zod-free: the server serves it and the
 * console shows it.
 *
 * How the scene drives the settings:
 * - tags expected in the field ≈ effective read power (reads/s) × interval period (s), rounded up to
 *   a power of two within 4…1024 → Impinj `estimatedTagPopulation`, Zebra `query.tagPopulation`;
 * - the scene type and that population choose the Gen2 session and search mode: a point of sale
 *   re-reads a few tags all the time (session 0, dual target), a gate — and a tunnel or an EAS exit,
 *   portals too — singulates each passing tag once (session 1, single target), a floor with a large population suppresses tags already read
 *   (session 2, single target with suppression, Impinj TagFocus), a small one re-reads (session 1,
 *   dual target) so silence means a tag is gone;
 * - the reporting interval (s) → Impinj `tagReporting.reportingIntervalSeconds` (whole seconds,
 *   0 = each read), Zebra `reportFilter.duration`;
 * - transmit power from the reader model's parameters (general/product-param `TX_POWER`, dBm, kept
 *   within its range; 30 dBm without one), lowered to at most 20 dBm at a point of sale so only
 *   the counter's tags are read → Impinj `transmitPowerCdbm` (hundredths), Zebra `transmitPower`;
 * - the antenna count from the model's `ANTENNA_PORTS` (4 without one), the Impinj RF mode from its
 *   `RF_MODE` (4 without one).
 */

export type ReaderVendor = 'impinj' | 'zebra';
export const READER_VENDORS: readonly ReaderVendor[] = ['impinj', 'zebra'];

/** The scene fields the mapping reads (rfid/scene). */
export interface SceneSettings {
  sceneCode: string;
  sceneName?: string;
  /** RfidSceneType: 1 general, 2 gate, 3 point of sale, 4 fitting room, 5 tunnel, 6 handheld, 7 EAS exit */
  sceneType: number;
  minPeriod: number;
  intervalPeriod: number;
  maxPeriod: number;
  /** effective read power, reads per second */
  readPower: number;
  /** seconds */
  reportInterval: number;
}

/** A reader model's parameter (general/product-param): code, default value and range. */
export interface ProductParam {
  code: string;
  defaultValue?: string | null;
  minValue?: number | null;
  maxValue?: number | null;
}

export type InventorySearchMode = 'single-target' | 'dual-target' | 'single-target-with-suppression';

export interface ImpinjAntennaConfig {
  antennaPort: number;
  antennaName: string;
  transmitPowerCdbm: number;
  rfMode: number;
  inventorySession: 0 | 1 | 2 | 3;
  inventorySearchMode: InventorySearchMode;
  estimatedTagPopulation: number;
}

/** The R700 inventory preset body (a type, so also a record: the route's response holds a record). */
export type ImpinjPreset = {
  eventConfig: {
    common: { hostname: 'enabled' | 'disabled' };
    tagInventory: {
      tagReporting: { reportingIntervalSeconds: number; antennaIdentifier: 'antennaPort' | 'antennaName'; tagIdentifier: 'epc' | 'tid' };
      epc: 'enabled' | 'disabled';
      epcHex: 'enabled' | 'disabled';
      tidHex: 'enabled' | 'disabled';
      antennaPort: 'enabled' | 'disabled';
      antennaName: 'enabled' | 'disabled';
      peakRssiCdbm: 'enabled' | 'disabled';
      frequency: 'enabled' | 'disabled';
      lastSeenTime: 'enabled' | 'disabled';
      phaseAngle: 'enabled' | 'disabled';
    };
  };
  antennaConfigs: ImpinjAntennaConfig[];
};

/** The Zebra IoT Connector operating mode body. */
export type ZebraMode = {
  type: 'CUSTOM';
  antennas: number[];
  transmitPower: number;
  environment: 'HIGH_INTERFERENCE' | 'LOW_INTERFERENCE' | 'AUTO_DETECT';
  tagMetaData: string[];
  query: { sel: 'ALL'; session: 'S0' | 'S1' | 'S2' | 'S3'; target: 'A' | 'AB'; tagPopulation: number };
  reportFilter: { duration: number; type: 'PER_ANTENNA' | 'RADIO_WIDE' };
};

/** What the console shows: where the body goes on the reader, and the body. */
export interface ReaderConfig<B = ImpinjPreset | ZebraMode> {
  vendor: ReaderVendor;
  method: 'PUT';
  /** the reader's own path the body is sent to */
  path: string;
  body: B;
}

const SCENE_GATE = 2;
const SCENE_POS = 3;
const SCENE_TUNNEL = 5;
const SCENE_EXIT = 7;
/** a portal: tags pass through it in seconds (a gate, a tunnel, an EAS exit) */
const portal = (sceneType: number) => sceneType === SCENE_GATE || sceneType === SCENE_TUNNEL || sceneType === SCENE_EXIT;
const DEFAULT_TX_DBM = 30;
const POS_MAX_TX_DBM = 20;
const DEFAULT_ANTENNAS = 4;
const DEFAULT_RF_MODE = 4;

const finite = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
};
const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);
const param = (params: readonly ProductParam[], code: string) => params.find((p) => p.code.toUpperCase() === code);

/** A parameter's default within its range, or `fallback` when the model has no such parameter. */
function paramValue(params: readonly ProductParam[], code: string, fallback: number): number {
  const p = param(params, code);
  const v = finite(p?.defaultValue) ?? fallback;
  return clamp(v, finite(p?.minValue) ?? Number.NEGATIVE_INFINITY, finite(p?.maxValue) ?? Number.POSITIVE_INFINITY);
}

/** Tags expected in the field: reads/s × interval period, a power of two within 4…1024. */
export function estimatedPopulation(scene: SceneSettings): number {
  const tags = Math.max(1, scene.readPower) * Math.max(1, scene.intervalPeriod);
  return clamp(2 ** Math.ceil(Math.log2(tags)), 4, 1024);
}

/** The Gen2 session and search mode for the scene (see the module comment). */
export function sessionOf(scene: SceneSettings): { session: 0 | 1 | 2; mode: InventorySearchMode } {
  if (scene.sceneType === SCENE_POS) return { session: 0, mode: 'dual-target' };
  if (portal(scene.sceneType)) return { session: 1, mode: 'single-target' };
  return estimatedPopulation(scene) >= 128 ? { session: 2, mode: 'single-target-with-suppression' } : { session: 1, mode: 'dual-target' };
}

/** Transmit power in dBm for the scene on this model (two decimals at most). */
export function transmitPowerDbm(scene: SceneSettings, params: readonly ProductParam[]): number {
  const p = param(params, 'TX_POWER');
  let dbm = paramValue(params, 'TX_POWER', DEFAULT_TX_DBM);
  if (scene.sceneType === SCENE_POS) dbm = Math.max(Math.min(dbm, POS_MAX_TX_DBM), finite(p?.minValue) ?? 0);
  return Math.round(dbm * 100) / 100;
}

/** Antenna ports of the model (1…32). */
export function antennaCount(params: readonly ProductParam[]): number {
  return clamp(Math.round(paramValue(params, 'ANTENNA_PORTS', DEFAULT_ANTENNAS)), 1, 32);
}

/** The Impinj R700 IoT interface inventory preset for the scene. */
export function impinjPreset(scene: SceneSettings, params: readonly ProductParam[] = []): ReaderConfig<ImpinjPreset> {
  const { session, mode } = sessionOf(scene);
  const population = estimatedPopulation(scene);
  const cdbm = Math.round(transmitPowerDbm(scene, params) * 100);
  const rfMode = Math.round(paramValue(params, 'RF_MODE', DEFAULT_RF_MODE));
  const antennaConfigs = Array.from({ length: antennaCount(params) }, (_, i) => ({
    antennaPort: i + 1,
    antennaName: `${scene.sceneCode}-${i + 1}`,
    transmitPowerCdbm: cdbm,
    rfMode,
    inventorySession: session,
    inventorySearchMode: mode,
    estimatedTagPopulation: population,
  }));
  return {
    vendor: 'impinj',
    method: 'PUT',
    path: `/api/v1/profiles/inventory/presets/${scene.sceneCode.toLowerCase()}`,
    body: {
      eventConfig: {
        common: { hostname: 'enabled' },
        tagInventory: {
          tagReporting: {
            reportingIntervalSeconds: Math.max(0, Math.round(scene.reportInterval)),
            antennaIdentifier: 'antennaPort',
            tagIdentifier: 'epc',
          },
          epc: 'disabled',
          epcHex: 'enabled',
          tidHex: 'enabled',
          antennaPort: 'enabled',
          antennaName: 'enabled',
          peakRssiCdbm: 'enabled',
          frequency: 'enabled',
          lastSeenTime: 'enabled',
          phaseAngle: 'disabled',
        },
      },
      antennaConfigs,
    },
  };
}

/** The Zebra IoT Connector operating mode for the scene. */
export function zebraMode(scene: SceneSettings, params: readonly ProductParam[] = []): ReaderConfig<ZebraMode> {
  const { session, mode } = sessionOf(scene);
  return {
    vendor: 'zebra',
    method: 'PUT',
    path: '/cloud/mode',
    body: {
      type: 'CUSTOM',
      antennas: Array.from({ length: antennaCount(params) }, (_, i) => i + 1),
      transmitPower: transmitPowerDbm(scene, params),
      // a portal or a counter among other readers: dense-reader settings
      environment: portal(scene.sceneType) || scene.sceneType === SCENE_POS ? 'HIGH_INTERFERENCE' : 'AUTO_DETECT',
      tagMetaData: ['ANTENNA', 'RSSI', 'SEEN_COUNT', 'PC', 'MAC', 'TID'],
      query: { sel: 'ALL', session: `S${session}`, target: mode === 'dual-target' ? 'AB' : 'A', tagPopulation: estimatedPopulation(scene) },
      reportFilter: { duration: Math.max(0, Math.round(scene.reportInterval * 100) / 100), type: 'PER_ANTENNA' },
    },
  };
}

/** The configuration of a vendor for the scene. */
export const readerConfig = (vendor: ReaderVendor, scene: SceneSettings, params: readonly ProductParam[] = []): ReaderConfig =>
  vendor === 'impinj' ? impinjPreset(scene, params) : zebraMode(scene, params);
