import { Readable } from 'node:stream';
import { type AttrSource, DEFAULT_TIME_ZONE, LOCATION_KIND, trainingDocResource, withCheckDigit, ZONE_TYPE } from '@tagloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../../config.js';
import type { AppContext } from '../../../core/context.js';
import { FileService } from '../../../core/files.js';
import { TenantScope } from '../../../core/tenant-scope.js';
import type { Tx } from '../../../db/client.js';
import { templateGoodsAttrs, templateLocationAttrs, tenants } from '../../../db/schema/index.js';
import { equipment } from '../../rfid/tables.js';
import { textPdf } from './pdf.js';
import { codeTableItems, codeTables, factories, labelSuppliers, locations, trainingDocs } from './tables.js';

const TEXT = 1;
const NUMBER = 2;
const DATE = 3;
const OPTIONS = 4;
const attr = (code: string, name: string, type: number, required = false) => ({ code, name, type, required });

/**
 * The demo tenant's attribute templates (platform rows, added with the demo data): a retail
 * network's location attributes and an apparel brand's goods attributes. None is required, so rows
 * made without attributes stay valid; option attributes take their values from the code tables below.
 */
const TEMPLATES = {
  location: {
    table: templateLocationAttrs,
    column: 'locationAttrTemplateId',
    row: {
      code: 'LA-RETAIL',
      name: '零售网点位置属性模板',
      alias: 'Retail network',
      category: 1,
      basicAttrs: [attr('storeLevel', '门店等级', OPTIONS), attr('area', '面积(㎡)', NUMBER), attr('openDate', '开业日期', DATE)],
      auxAttrs: [attr('businessHours', '营业时间', TEXT), attr('warehouseType', '仓库类型', OPTIONS), attr('capacity', '库容(件)', NUMBER)],
      remark: '演示租户的门店、仓库、工厂共用的位置属性',
    },
  },
  goods: {
    table: templateGoodsAttrs,
    column: 'goodsAttrTemplateId',
    row: {
      code: 'GA-RETAIL',
      name: '服装零售商品属性模板',
      alias: 'Apparel retail',
      category: 1,
      basicAttrs: [attr('colorFamily', '颜色系', OPTIONS), attr('fabric', '面料', OPTIONS), attr('season', '季节', OPTIONS)],
      auxAttrs: [attr('launchDate', '上市日期', DATE), attr('retailPrice', '吊牌价(元)', NUMBER), attr('careLabel', '洗涤说明', TEXT)],
      remark: '演示租户的商品类别属性',
    },
  },
} as const satisfies Record<AttrSource, unknown>;

/** The code tables of the option attributes: [code, name, [[value, label], …]]. */
const CODE_TABLES: [string, string, [string, string][]][] = [
  [
    'storeLevel',
    '门店等级',
    [
      ['A', '旗舰店'],
      ['B', '标准店'],
      ['C', '社区店'],
      ['O', '奥莱店'],
    ],
  ],
  [
    'warehouseType',
    '仓库类型',
    [
      ['DC', '中心仓'],
      ['RDC', '区域仓'],
      ['EC', '电商仓'],
    ],
  ],
  [
    'colorFamily',
    '颜色系',
    [
      ['RED', '红色系'],
      ['BLU', '蓝色系'],
      ['GRN', '绿色系'],
      ['YEL', '黄色系'],
      ['BRN', '大地色系'],
      ['BWG', '黑白灰'],
    ],
  ],
  [
    'fabric',
    '面料',
    [
      ['COT', '棉'],
      ['LIN', '亚麻'],
      ['WOL', '羊毛'],
      ['SLK', '真丝'],
      ['PES', '涤纶'],
      ['DEN', '牛仔布'],
    ],
  ],
  [
    'season',
    '季节',
    [
      ['SS', '春夏'],
      ['AW', '秋冬'],
      ['ALL', '四季'],
    ],
  ],
];

/** [code, name, province, city, address, contact, phone, level, area m², opened] */
const STORES: [string, string, string, string, string, string, string, string, number, string][] = [
  [
    'ST001',
    '上海南京西路旗舰店',
    '上海市',
    '上海',
    '静安区南京西路 1618 号久光百货 2F-A12',
    '陈思远',
    '13816620301',
    'A',
    420,
    '2016-09-18',
  ],
  [
    'ST002',
    '上海淮海中路店',
    '上海市',
    '上海',
    '黄浦区淮海中路 999 号环贸 iapm 商场 L2-213',
    '林晓雯',
    '021-6466 1302',
    'B',
    260,
    '2018-04-28',
  ],
  ['ST003', '上海七宝万科店', '上海市', '上海', '闵行区漕宝路 3366 号七宝万科广场 L1-27', '顾海峰', '13761842203', 'C', 150, '2019-12-20'],
  [
    'ST004',
    '北京三里屯太古里店',
    '北京市',
    '北京',
    '朝阳区三里屯路 19 号太古里南区 S3-12',
    '赵雅琴',
    '010-6417 6004',
    'A',
    380,
    '2017-05-01',
  ],
  [
    'ST005',
    '北京西单大悦城店',
    '北京市',
    '北京',
    '西城区西单北大街 131 号西单大悦城 3F-09',
    '孙浩然',
    '13910275105',
    'B',
    240,
    '2018-10-01',
  ],
  [
    'ST006',
    '北京朝阳大悦城店',
    '北京市',
    '北京',
    '朝阳区朝阳北路 101 号朝阳大悦城 4F-21',
    '李梦瑶',
    '010-8551 2006',
    'B',
    220,
    '2020-06-18',
  ],
  ['ST007', '广州天河城店', '广东省', '广州', '天河区天河路 208 号天河城 2F-A216', '黄志明', '13802436707', 'A', 350, '2016-12-24'],
  ['ST008', '广州正佳广场店', '广东省', '广州', '天河区天河路 228 号正佳广场 3F-3A018', '何婉婷', '020-3833 1808', 'B', 210, '2019-03-08'],
  ['ST009', '深圳万象城店', '广东省', '深圳', '罗湖区宝安南路 1881 号华润万象城 L2-238', '郑嘉豪', '13926581909', 'A', 400, '2017-08-08'],
  [
    'ST010',
    '深圳海岸城店',
    '广东省',
    '深圳',
    '南山区文心五路 33 号海岸城购物中心 2F-252',
    '吴佩琪',
    '0755-8627 1010',
    'B',
    230,
    '2019-09-09',
  ],
  [
    'ST011',
    '杭州湖滨银泰 in77 店',
    '浙江省',
    '杭州',
    '上城区东坡路 7 号湖滨银泰 in77 C 区 1F-C105',
    '徐晨曦',
    '13857106211',
    'B',
    260,
    '2018-05-20',
  ],
  ['ST012', '杭州万象城店', '浙江省', '杭州', '上城区富春路 701 号杭州万象城 L3-316', '沈一鸣', '0571-8970 1012', 'B', 200, '2020-11-11'],
  ['ST013', '南京德基广场店', '江苏省', '南京', '玄武区中山路 18 号德基广场二期 5F-512', '朱文静', '13951738613', 'A', 330, '2017-10-01'],
  [
    'ST014',
    '苏州中心商场店',
    '江苏省',
    '苏州',
    '工业园区苏州大道东 1 号苏州中心商场 L2-47',
    '钱立新',
    '0512-6295 1014',
    'C',
    160,
    '2021-04-16',
  ],
  [
    'ST015',
    '成都远洋太古里店',
    '四川省',
    '成都',
    '锦江区中纱帽街 8 号成都远洋太古里 1F-1312',
    '杨雨萱',
    '13880916215',
    'A',
    360,
    '2016-04-30',
  ],
  [
    'ST016',
    '成都 IFS 店',
    '四川省',
    '成都',
    '锦江区红星路三段 1 号成都国际金融中心 L4-418',
    '罗俊杰',
    '028-8651 1016',
    'B',
    190,
    '2019-07-01',
  ],
  ['ST017', '重庆解放碑店', '重庆市', '重庆', '渝中区邹容路 68 号大都会东方广场 3F-A08', '冉小川', '13983201717', 'B', 210, '2018-08-18'],
  ['ST018', '武汉武商广场店', '湖北省', '武汉', '江汉区解放大道 690 号武商广场 5F-06', '程静怡', '027-8571 1018', 'C', 140, '2020-01-10'],
  [
    'ST019',
    '西安赛格国际店',
    '陕西省',
    '西安',
    '雁塔区长安中路 123 号赛格国际购物中心 4F-419',
    '马骁',
    '13991327619',
    'C',
    170,
    '2021-09-30',
  ],
  ['ST020', '长沙 IFS 店', '湖南省', '长沙', '芙蓉区解放西路 188 号长沙国金中心 L3-326', '彭丽', '0731-8455 1020', 'O', 300, '2022-05-01'],
];

/** [code, name, province, city, address, contact, phone, type, capacity] */
const WAREHOUSES: [string, string, string, string, string, string, string, string, number][] = [
  [
    'WH01',
    '华东中心仓（昆山）',
    '江苏省',
    '昆山',
    '昆山市花桥镇绿地大道 188 号普洛斯物流园 B3 库',
    '王建国',
    '0512-5763 2201',
    'DC',
    800000,
  ],
  ['WH02', '华南区域仓（东莞）', '广东省', '东莞', '东莞市麻涌镇漳澎村新沙港后方物流园 6 号库', '梁振华', '13712874502', 'RDC', 350000],
];

/**
 * The demo sites' zones (../shared/operations.md F1): [site, code, name, zone type, capacity, parent
 * zone]. The central warehouse's full inbound and outbound flow, the regional one's docks and
 * storage; the flagship store's floor, stock room, fitting area with three cabins, and exit; two
 * more stores' floor and stock room.
 */
const ZONES: [string, string, string, number, number | null, string?][] = [
  ['WH01', 'WH01-DI1', '1 号收货月台', ZONE_TYPE.DOCK_IN, 3_000],
  ['WH01', 'WH01-DI2', '2 号收货月台', ZONE_TYPE.DOCK_IN, 3_000],
  ['WH01', 'WH01-QI', '来货质检区', ZONE_TYPE.QI_AREA, 1_500],
  ['WH01', 'WH01-S-A', 'A 区高位货架', ZONE_TYPE.STORAGE, 300_000],
  ['WH01', 'WH01-S-B', 'B 区阁楼货架', ZONE_TYPE.STORAGE, 250_000],
  ['WH01', 'WH01-EC', '电商拣货区', ZONE_TYPE.ECOM_AREA, 60_000],
  ['WH01', 'WH01-PK1', '1 号装箱复核台', ZONE_TYPE.PACK_STATION, 500],
  ['WH01', 'WH01-PK2', '2 号装箱复核台', ZONE_TYPE.PACK_STATION, 500],
  ['WH01', 'WH01-STG', '出库暂存区', ZONE_TYPE.STAGING, 8_000],
  ['WH01', 'WH01-DEF', '次品隔离区', ZONE_TYPE.DEFECT_AREA, 2_000],
  ['WH01', 'WH01-DO1', '1 号发货月台', ZONE_TYPE.DOCK_OUT, 3_000],
  ['WH02', 'WH02-DI1', '1 号收货月台', ZONE_TYPE.DOCK_IN, 2_000],
  ['WH02', 'WH02-S-A', 'A 区货架', ZONE_TYPE.STORAGE, 200_000],
  ['WH02', 'WH02-DO1', '1 号发货月台', ZONE_TYPE.DOCK_OUT, 2_000],
  ['ST001', 'ST001-SF', '卖场', ZONE_TYPE.SALES_FLOOR, 6_000],
  ['ST001', 'ST001-SR', '后仓', ZONE_TYPE.STOCK_ROOM, 9_000],
  ['ST001', 'ST001-FA', '试衣区', ZONE_TYPE.FITTING_AREA, null],
  ['ST001', 'ST001-FC1', '1 号试衣间', ZONE_TYPE.FITTING_CABIN, null, 'ST001-FA'],
  ['ST001', 'ST001-FC2', '2 号试衣间', ZONE_TYPE.FITTING_CABIN, null, 'ST001-FA'],
  ['ST001', 'ST001-FC3', '3 号试衣间', ZONE_TYPE.FITTING_CABIN, null, 'ST001-FA'],
  ['ST001', 'ST001-EX', '正门出口', ZONE_TYPE.EXIT, null],
  ['ST004', 'ST004-SF', '卖场', ZONE_TYPE.SALES_FLOOR, 4_000],
  ['ST004', 'ST004-SR', '后仓', ZONE_TYPE.STOCK_ROOM, 6_000],
  ['ST009', 'ST009-SF', '卖场', ZONE_TYPE.SALES_FLOOR, 4_500],
  ['ST009', 'ST009-SR', '后仓', ZONE_TYPE.STOCK_ROOM, 6_500],
];

/** The demo zones, each under its site (or its fitting area), in the order of ZONES (a parent before its zones). */
async function seedDemoZones(tx: Tx, tenantId: number): Promise<void> {
  const rows = await tx
    .select({ id: locations.id, code: locations.code })
    .from(locations)
    .where(and(eq(locations.tenantId, tenantId), sql`${locations.kind} <> ${LOCATION_KIND.ZONE}`));
  const ids = new Map(rows.map((r) => [r.code, Number(r.id)]));
  for (const [site, code, name, zoneType, capacity, parent] of ZONES) {
    const siteId = ids.get(site);
    if (!siteId) continue;
    const [made] = await tx
      .insert(locations)
      .values({
        tenantId,
        code,
        name,
        kind: LOCATION_KIND.ZONE,
        parentId: parent ? ids.get(parent) : siteId,
        siteId,
        zoneType,
        capacity,
        attrs: {},
      })
      .onConflictDoNothing()
      .returning({ id: locations.id });
    if (made) ids.set(code, Number(made.id));
  }
}

/** [code, name, province, city, address, contact, phone] of the factories, then of the label suppliers. */
const FACTORIES: [string, string, string, string, string, string, string][] = [
  ['FA01', '宁波甬华针织制衣有限公司', '浙江省', '宁波', '北仑区大港工业城甬江路 18 号', '马志强', '0574-8698 0001'],
  ['FA02', '东莞华隆服饰有限公司', '广东省', '东莞', '虎门镇龙眼工业区龙眼路 66 号', '陈国栋', '13650381202'],
  ['FA03', '晋江恒达鞋服有限公司', '福建省', '泉州', '晋江市陈埭镇江头工业区 8 号', '许明辉', '0595-8518 3303'],
];
const LABEL_SUPPLIERS: [string, string, string, string, string, string, string][] = [
  ['LS01', '上海锐标射频科技有限公司', '上海市', '上海', '浦东新区张江高科技园区郭守敬路 498 号 16 幢', '刘晓峰', '021-5899 6100'],
  ['LS02', '深圳芯联标签科技有限公司', '广东省', '深圳', '宝安区西乡街道航城工业区 A2 栋 5 楼', '邓伟', '13823790402'],
];

/** The demo tenant's readers and printers: [code, name, serial, MAC, scene, where]. */
const EQUIPMENT: [string, string, string, string, string, string][] = [
  ['HH-ST001', '旗舰店手持盘点机', 'SN-MC33-001001', '00:16:25:12:B0:01', '门店盘点', '上海南京西路旗舰店'],
  ['HH-ST004', '三里屯店手持盘点机', 'SN-MC33-001004', '00:16:25:12:B0:04', '门店盘点', '北京三里屯太古里店'],
  ['HH-ST009', '深圳万象城店手持盘点机', 'SN-MC33-001009', '00:16:25:12:B0:09', '门店盘点', '深圳万象城店'],
  ['POS-ST001', '旗舰店收银台读写器', 'SN-FX96-002001', '84:24:8D:20:C1:01', '收银', '上海南京西路旗舰店 收银台'],
  ['GATE-WH02', '华南仓收货通道门', 'SN-R700-000202', '00:16:25:12:A0:22', '收货', '华南区域仓（东莞） 1 号月台'],
  ['PRN-FA01', '甬华工厂吊牌打印机', 'SN-ZT411R-000501', '00:07:4D:61:C2:51', '标签打印', '宁波甬华针织制衣 后整车间'],
  ['PRN-LS01', '锐标 RFID 标签打印机', 'SN-ZT610R-000601', '00:07:4D:61:C2:61', '标签打印', '上海锐标射频科技 生产线 2'],
];

/**
 * The demo locations' GS1 GLNs: the demo brand's company prefix (6901234, that of its GTINs; 7
 * digits, as its coding rule CR-SGTIN96 says), a location reference by kind — stores 1nnnn,
 * warehouses 2nnnn, the office 30001, the showroom 40001 — and the check digit.
 */
export const demoGln = (code: string): string => {
  const n = Number(code.replace(/\D/g, '')) || 1;
  const kind = code.startsWith('ST') ? 1 : code.startsWith('WH') ? 2 : code.startsWith('HQ') ? 3 : 4;
  return withCheckDigit(`6901234${kind}${String(n).padStart(4, '0')}`);
};

const site = (r: { 0: string; 1: string; 2: string; 3: string; 4: string; 5: string; 6: string }) => ({
  code: r[0],
  name: r[1],
  province: r[2],
  city: r[3],
  address: r[4],
  contact: r[5],
  phone: r[6],
  status: 1,
});

/** The demo training document (generated: a short operations guide). */
export const DEMO_TRAINING_PDF = () =>
  textPdf([
    {
      heading: 'RFID Store Operations Guide',
      lines: [
        '1. Receiving: scan the carton at the gate; the reader checks every tag against the ASN.',
        '2. Put-away: place goods on their shelf; handhelds confirm the location code.',
        '3. Stock count: walk the floor with the handheld; the count closes when every zone is read.',
        '4. Sales: tags are read at the till and the goods leave the store stock.',
        '5. Returns: read the tag, choose the reason, and print a new label when it is damaged.',
        '',
        'Questions: contact the regional operations team.',
      ],
    },
    {
      heading: 'Handheld Reader Care',
      lines: [
        'Charge the handheld every night in its cradle.',
        'Keep the antenna clean and away from metal shelves while reading.',
        'Update the app from the equipment archive when a new version is published.',
      ],
    },
  ]);

/**
 * The demo tenant's places: 20 stores, 2 warehouses, 3 factories, 2 label suppliers (with
 * location attributes), readers and printers in the equipment archive, the code tables of the option attributes, the attribute templates the
 * tenant uses, and a training document. Rows the declarations' seed already made (ST001, WH01 …)
 * get their attributes. `config` (the data folder) stores the training pdf.
 */
export async function seedPlacesDemo(tx: Tx, tenant: { id: number }, env?: { config: Config }): Promise<void> {
  const tenantId = tenant.id;
  for (const t of Object.values(TEMPLATES)) {
    const [found] = await tx.select({ id: t.table.id }).from(t.table).where(eq(t.table.code, t.row.code));
    const id = found?.id ?? (await tx.insert(t.table).values(t.row).returning({ id: t.table.id }))[0].id;
    await tx
      .update(tenants)
      .set({ [t.column]: id })
      .where(eq(tenants.id, tenantId));
  }

  for (const [code, name, items] of CODE_TABLES) {
    await tx.insert(codeTables).values({ tenantId, code, name, status: 1 }).onConflictDoNothing();
    const [table] = await tx
      .select({ id: codeTables.id })
      .from(codeTables)
      .where(and(eq(codeTables.tenantId, tenantId), eq(codeTables.code, code)));
    await tx
      .insert(codeTableItems)
      .values(items.map(([value, label], i) => ({ tenantId, tableId: table.id, value, label, seq: (i + 1) * 10, status: 1 })))
      .onConflictDoNothing();
  }

  // the demo's zone (its locations name none of their own: they are in the tenant's)
  await tx.update(tenants).set({ timeZone: DEFAULT_TIME_ZONE }).where(eq(tenants.id, tenantId));
  // the declarations' seed rows (ST001, WH01, FA01, LS01) are completed rather than repeated
  const upsert = { attrs: sql`excluded.attrs`, contact: sql`excluded.contact`, phone: sql`excluded.phone`, address: sql`excluded.address` };
  await tx
    .insert(locations)
    .values([
      ...STORES.map((r) => ({
        tenantId,
        ...site(r),
        kind: LOCATION_KIND.STORE,
        gln: demoGln(r[0]),
        attrs: { storeLevel: r[7], area: r[8], openDate: r[9], businessHours: r[7] === 'C' ? '10:00-21:30' : '10:00-22:00' },
      })),
      ...WAREHOUSES.map((r) => ({
        tenantId,
        ...site(r),
        kind: LOCATION_KIND.WAREHOUSE,
        gln: demoGln(r[0]),
        attrs: { warehouseType: r[7], capacity: r[8] },
      })),
    ])
    .onConflictDoUpdate({ target: [locations.tenantId, locations.code], set: { ...upsert, gln: sql`excluded.gln` } });
  await seedDemoZones(tx, tenantId);
  // the office and the showroom (the declaration's seed rows) get theirs too
  for (const code of ['HQ01', 'SR01'])
    await tx
      .update(locations)
      .set({ gln: demoGln(code) })
      .where(and(eq(locations.tenantId, tenantId), eq(locations.code, code), eq(locations.gln, '')));
  await tx
    .insert(factories)
    .values(FACTORIES.map((r) => ({ tenantId, ...site(r), attrs: {} })))
    .onConflictDoUpdate({ target: [factories.tenantId, factories.code], set: upsert });
  await tx
    .insert(labelSuppliers)
    .values(LABEL_SUPPLIERS.map((r) => ({ tenantId, ...site(r), attrs: {} })))
    .onConflictDoUpdate({ target: [labelSuppliers.tenantId, labelSuppliers.code], set: upsert });

  await tx
    .insert(equipment)
    .values(
      EQUIPMENT.map(([equipmentCoding, equipmentName, snNumber, macAddress, scene, useLocation]) => ({
        tenantId,
        equipmentCoding,
        equipmentName,
        snNumber,
        macAddress,
        scene,
        useLocation,
      })),
    )
    .onConflictDoNothing();

  if (env?.config) await seedTrainingDoc(tx, tenantId, env.config);
}

/**
 * The demo training document: a generated pdf stored through the one file service (type from the
 * content) as an upload of the screen, and its row. `config` names the data folder the file goes to.
 */
export async function seedTrainingDoc(tx: Tx, tenantId: number, config: Config): Promise<void> {
  const files = new FileService({ config } as AppContext);
  const file = await files.store(new TenantScope(tx, tenantId), Readable.from([DEMO_TRAINING_PDF()]), {
    scope: trainingDocResource.code,
    name: 'RFID门店作业指南.pdf',
    maxBytes: trainingDocResource.fields.fileId.file!.maxBytes,
    allowed: ['pdf'],
  });
  await tx.insert(trainingDocs).values({
    tenantId,
    title: 'RFID 门店作业指南',
    category: 1,
    fileId: file.id,
    remark: '收货、上架、盘点、销售与退货的标准作业步骤',
    uploadedAt: new Date(),
  });
}
