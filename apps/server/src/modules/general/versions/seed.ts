// Demo data of the version screens: a release history of each client (app, web, .NET, Java), the
// newest first in each list, without their files (a demo installation holds no build artefacts).
import type { VersionType } from '@tagloom/domain';
import type { Tx } from '../../../db/client.js';
import { softwareVersions } from '../../../db/schema/index.js';

/** release notes in the three console languages, one a line */
type Notes = [zh_CN: string, zh_TW: string, en_US: string];
type Release = [versionName: string, versionNumber: number, daysAgo: number, upgrade: 'optional' | 'forced', notes: Notes];

const SOFTWARE: Record<VersionType, { name: string; code: string; device: string; project: string; releases: Release[] }> = {
  app: {
    name: 'TagLoom Handheld',
    code: 'tagloom-handheld',
    device: 'TL-H20',
    project: 'PDA',
    releases: [
      [
        '2.3.0',
        230,
        86,
        'optional',
        [
          '门店按区域盘点；断网后离线数据续传。',
          '門市按區域盤點；斷網後離線資料續傳。',
          'Store stocktaking by zone; offline upload resumes after a lost connection.',
        ],
      ],
      [
        '2.3.2',
        232,
        58,
        'optional',
        [
          '收货界面 EPC 过滤更快；修复 Android 12 扫描箱码时闪退。',
          '收貨介面 EPC 過濾更快；修正 Android 12 掃描箱碼時閃退。',
          'Faster EPC filtering on the receiving screen; fixes a crash on Android 12 when scanning a carton.',
        ],
      ],
      [
        '2.4.0',
        240,
        21,
        'forced',
        [
          '手持终端按会话上传（deviceSessionId）；不再接受旧上传格式。',
          '手持終端按工作階段上傳（deviceSessionId）；不再接受舊上傳格式。',
          'Handheld session upload (deviceSessionId); the old upload format is no longer accepted.',
        ],
      ],
    ],
  },
  web: {
    name: 'TagLoom Console',
    code: 'tagloom-web',
    device: '',
    project: 'Console',
    releases: [
      [
        '3.1.0',
        310,
        92,
        'optional',
        [
          '多页签、菜单搜索（Ctrl K）、繁体中文。',
          '多頁籤、選單搜尋（Ctrl K）、繁體中文。',
          'Multi-tab pages, menu search (Ctrl K), Traditional Chinese.',
        ],
      ],
      [
        '3.1.4',
        314,
        47,
        'optional',
        [
          '标签下单向导记住上次的供应商；300 dpi 打印预览。',
          '標籤下單精靈記住上次的供應商；300 dpi 列印預覽。',
          'Label order wizard remembers the last supplier; print preview at 300 dpi.',
        ],
      ],
      [
        '3.2.0',
        320,
        12,
        'optional',
        [
          '仪表盘新增 RFID 运维面板；原始读取实时查看；EPC 生命周期。',
          '儀表板新增 RFID 維運面板；原始讀取即時檢視；EPC 生命週期。',
          'RFID operator panel on the dashboard; live raw reads; EPC lifecycle screen.',
        ],
      ],
    ],
  },
  net: {
    name: 'TagLoom Print Agent',
    code: 'tagloom-print-agent',
    device: 'Windows 10/11',
    project: 'Print',
    releases: [
      [
        '1.6.0',
        160,
        120,
        'optional',
        [
          '支持斑马 ZT411R 的 ZPL 模板；打印前写入并校验 EPC。',
          '支援斑馬 ZT411R 的 ZPL 範本；列印前寫入並校驗 EPC。',
          'ZPL templates for Zebra ZT411R; encodes and verifies EPC before printing.',
        ],
      ],
      [
        '1.7.1',
        171,
        35,
        'forced',
        [
          '打印后回传 TID 至平台（TID 绑定）；需要 .NET 8。',
          '列印後回傳 TID 至平台（TID 綁定）；需要 .NET 8。',
          'Reports each printed TID back to the platform (TID binding); needs .NET 8.',
        ],
      ],
    ],
  },
  java: {
    name: 'TagLoom ERP Connector',
    code: 'tagloom-erp-connector',
    device: '',
    project: 'Integration',
    releases: [
      [
        '4.0.2',
        402,
        150,
        'optional',
        [
          'SAP 与金蝶商品档案同步；失败退避重试。',
          'SAP 與金蝶商品檔案同步；失敗退避重試。',
          'SAP and Kingdee product master sync; retries with back-off.',
        ],
      ],
      [
        '4.1.0',
        410,
        63,
        'optional',
        [
          '从 ERP 接收采购单与装箱单；Java 17。',
          '從 ERP 接收採購單與裝箱單；Java 17。',
          'Purchase orders and packing lists from the ERP; Java 17.',
        ],
      ],
      [
        '4.1.3',
        413,
        9,
        'optional',
        [
          '修复 ERP 重发装箱单时产生重复箱。',
          '修正 ERP 重送裝箱單時產生重複箱。',
          'Fixes duplicate cartons when the ERP resends a packing list.',
        ],
      ],
    ],
  },
};

/** The versions of every kind; `now` fixes the dates (tests). Returns how many rows it added. */
export async function seedVersionsDemo(db: Tx, now = new Date()): Promise<number> {
  const rows = Object.entries(SOFTWARE).flatMap(([type, s]) =>
    s.releases.map(([versionName, versionNumber, daysAgo, upgradeType, notes]) => ({
      type,
      softwareName: s.name,
      softwareCode: s.code,
      projectCode: s.project.toUpperCase(),
      projectName: s.project,
      deviceType: s.device,
      upgradeType,
      versionName,
      versionNumber,
      updatedInstructions: notes.join('\n'),
      uploadedPerson: 'admin',
      uploadTime: new Date(now.getTime() - daysAgo * 86_400_000 + 10 * 3_600_000),
    })),
  );
  await db.insert(softwareVersions).values(rows);
  return rows.length;
}
