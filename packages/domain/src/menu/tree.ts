import { CRUD, READ_ONLY } from './actions.js';
import type { MenuModuleDef } from './types.js';

/**
 * The seeded menu tree (screens.md): module (menu level 1, menuType 1) → group → screen.
 * Every screen of screens.md appears exactly once, with its `component` code and side;
 * `actions` are the operation buttons the screen offers, in display order.
 */
export const MENU_TREE: MenuModuleDef[] = [
  {
    code: 'dashboard',
    icon: 'DashboardOutlined',
    names: { zh_CN: '仪表盘', zh_TW: '儀表板', en_US: 'Dashboard' },
    groups: [
      {
        code: 'overview',
        icon: 'DashboardOutlined',
        names: { zh_CN: '概览', zh_TW: '概覽', en_US: 'Overview' },
        screens: [
          {
            component: 'dashboard/admin',
            side: 'B',
            icon: 'FundOutlined',
            names: { zh_CN: '管理员仪表盘', zh_TW: '管理員儀表板', en_US: 'Admin dashboard' },
            actions: ['query'],
          },
          {
            component: 'dashboard/editor',
            side: 'B',
            icon: 'ScheduleOutlined',
            names: { zh_CN: '编辑者仪表盘', zh_TW: '編輯者儀表板', en_US: 'Editor dashboard' },
            actions: ['query'],
          },
        ],
      },
    ],
  },
  {
    code: 'general',
    icon: 'SettingOutlined',
    names: { zh_CN: '通用管理', zh_TW: '通用管理', en_US: 'General' },
    groups: [
      {
        code: 'organization',
        icon: 'ApartmentOutlined',
        names: { zh_CN: '组织管理', zh_TW: '組織管理', en_US: 'Organization' },
        screens: [
          {
            component: 'general/tenant',
            side: 'P',
            icon: 'TeamOutlined',
            names: { zh_CN: '租户', zh_TW: '租戶', en_US: 'Tenant' },
            // no 'import': tenants (with their admin user, role and grants) are not created from Excel
            actions: ['query', 'add', 'edit', 'delete', 'export', 'enable', 'disable'],
          },
          {
            component: 'general/tenant-group',
            side: 'P',
            icon: 'ClusterOutlined',
            names: { zh_CN: '租户组', zh_TW: '租戶群組', en_US: 'Tenant group' },
            actions: [...CRUD],
          },
          {
            component: 'general/data-source',
            side: 'P',
            icon: 'DatabaseOutlined',
            names: { zh_CN: '数据源', zh_TW: '資料來源', en_US: 'Data source' },
            actions: [...CRUD, 'testConnection'],
          },
        ],
      },
      {
        code: 'access',
        icon: 'SafetyOutlined',
        names: { zh_CN: '权限管理', zh_TW: '權限管理', en_US: 'Access control' },
        screens: [
          {
            component: 'general/role',
            side: 'P',
            icon: 'SafetyOutlined',
            names: { zh_CN: '角色', zh_TW: '角色', en_US: 'Role' },
            // no 'import': roles are not created from Excel
            actions: ['query', 'add', 'edit', 'delete', 'export', 'assign'],
          },
          {
            component: 'general/user',
            side: 'P',
            icon: 'UserOutlined',
            names: { zh_CN: '用户', zh_TW: '使用者', en_US: 'User' },
            // no 'import': users (login names, passwords, roles) are not created from Excel
            actions: ['query', 'add', 'edit', 'delete', 'export', 'enable', 'disable', 'resetPassword', 'assign'],
          },
          {
            component: 'general/menu',
            side: 'P',
            icon: 'MenuOutlined',
            names: { zh_CN: '菜单', zh_TW: '選單', en_US: 'Menu' },
            actions: ['query', 'add', 'edit', 'delete', 'setting'],
          },
        ],
      },
      {
        code: 'products',
        icon: 'AppstoreOutlined',
        names: { zh_CN: '产品与模板', zh_TW: '產品與範本', en_US: 'Products and templates' },
        screens: [
          {
            component: 'general/product',
            side: 'P',
            icon: 'AppstoreOutlined',
            names: { zh_CN: '产品列表', zh_TW: '產品列表', en_US: 'Product list' },
            actions: [...CRUD],
          },
          {
            component: 'general/product-param',
            side: 'P',
            icon: 'ProfileOutlined',
            names: { zh_CN: '产品属性', zh_TW: '產品屬性', en_US: 'Product attributes' },
            actions: [...CRUD],
          },
          {
            component: 'general/template-coding-rule',
            side: 'P',
            icon: 'CodeOutlined',
            names: { zh_CN: '编码规则模板', zh_TW: '編碼規則範本', en_US: 'Coding rule template' },
            actions: [...CRUD],
          },
          {
            component: 'general/template-goods-attr',
            side: 'P',
            icon: 'SkinOutlined',
            names: {
              zh_CN: '商品属性模板',
              zh_TW: '商品屬性範本',
              en_US: 'Goods attribute template',
            },
            actions: [...CRUD],
          },
          {
            component: 'general/template-location-attr',
            side: 'P',
            icon: 'EnvironmentOutlined',
            names: {
              zh_CN: '位置属性模板',
              zh_TW: '位置屬性範本',
              en_US: 'Location attribute template',
            },
            actions: [...CRUD],
          },
          {
            component: 'general/template-label-code',
            side: 'P',
            icon: 'BarcodeOutlined',
            names: { zh_CN: '标签编码模板', zh_TW: '標籤編碼範本', en_US: 'Label code template' },
            actions: [...CRUD],
          },
        ],
      },
      {
        code: 'settings',
        icon: 'ControlOutlined',
        names: { zh_CN: '系统设置', zh_TW: '系統設定', en_US: 'Settings' },
        screens: [
          {
            component: 'general/sys-param',
            side: 'P',
            icon: 'ControlOutlined',
            names: {
              zh_CN: '系统参数设置',
              zh_TW: '系統參數設定',
              en_US: 'System parameter settings',
            },
            actions: [...CRUD],
          },
          {
            component: 'general/biz-param',
            side: 'P',
            icon: 'ToolOutlined',
            names: {
              zh_CN: '业务参数设置',
              zh_TW: '業務參數設定',
              en_US: 'Business parameter settings',
            },
            actions: [...CRUD],
          },
          {
            component: 'general/dictionary',
            side: 'P',
            icon: 'BookOutlined',
            names: { zh_CN: '数据字典', zh_TW: '資料字典', en_US: 'Dictionary' },
            // the dictionary screen has no import or export; 'refresh' reloads the caches of every process
            actions: ['query', 'add', 'edit', 'delete', 'refresh'],
          },
          {
            component: 'general/table-structure',
            side: 'P',
            icon: 'TableOutlined',
            names: { zh_CN: '表结构', zh_TW: '資料表結構', en_US: 'Table structure' },
            actions: ['query', 'export'],
          },
        ],
      },
      {
        code: 'versions',
        icon: 'CloudUploadOutlined',
        names: { zh_CN: '版本管理', zh_TW: '版本管理', en_US: 'Versions' },
        screens: [
          {
            component: 'general/version-app',
            side: 'P',
            icon: 'AndroidOutlined',
            names: { zh_CN: 'App 版本', zh_TW: 'App 版本', en_US: 'App versions' },
            actions: ['query', 'add', 'edit', 'delete', 'upload', 'download'],
          },
          {
            component: 'general/version-web',
            side: 'P',
            icon: 'ChromeOutlined',
            names: { zh_CN: 'Web 版本', zh_TW: 'Web 版本', en_US: 'Web versions' },
            actions: ['query', 'add', 'edit', 'delete', 'upload', 'download'],
          },
          {
            component: 'general/version-net',
            side: 'P',
            icon: 'WindowsOutlined',
            names: { zh_CN: '.NET 版本', zh_TW: '.NET 版本', en_US: '.NET versions' },
            actions: ['query', 'add', 'edit', 'delete', 'upload', 'download'],
          },
          {
            component: 'general/version-java',
            side: 'P',
            icon: 'JavaOutlined',
            names: { zh_CN: 'Java 版本', zh_TW: 'Java 版本', en_US: 'Java versions' },
            actions: ['query', 'add', 'edit', 'delete', 'upload', 'download'],
          },
        ],
      },
      {
        code: 'operations',
        icon: 'DesktopOutlined',
        names: { zh_CN: '运维监控', zh_TW: '維運監控', en_US: 'Operations' },
        screens: [
          {
            component: 'general/scheduler',
            side: 'P',
            icon: 'ScheduleOutlined',
            names: { zh_CN: '定时任务', zh_TW: '排程任務', en_US: 'Scheduled tasks' },
            actions: ['query', 'add', 'edit', 'delete', 'import', 'export', 'pause', 'recover', 'stop'],
          },
          {
            component: 'general/log-login',
            side: 'P',
            icon: 'LoginOutlined',
            names: { zh_CN: '登录日志', zh_TW: '登入日誌', en_US: 'Login log' },
            actions: [...READ_ONLY],
          },
          {
            component: 'general/log-operation',
            side: 'P',
            icon: 'FileSearchOutlined',
            names: { zh_CN: '操作日志', zh_TW: '操作日誌', en_US: 'Operation log' },
            actions: [...READ_ONLY],
          },
          {
            component: 'general/log-sync',
            side: 'P',
            icon: 'SyncOutlined',
            names: { zh_CN: '同步日志', zh_TW: '同步日誌', en_US: 'Sync log' },
            actions: [...READ_ONLY],
          },
          {
            component: 'general/log-device',
            side: 'P',
            icon: 'HddOutlined',
            names: { zh_CN: '设备日志', zh_TW: '設備日誌', en_US: 'Device log' },
            actions: [...READ_ONLY],
          },
        ],
      },
    ],
  },
  {
    code: 'label',
    icon: 'TagsOutlined',
    names: { zh_CN: '标签数据中心', zh_TW: '標籤資料中心', en_US: 'Label data center' },
    groups: [
      {
        code: 'purchase',
        icon: 'ShoppingCartOutlined',
        names: { zh_CN: '标签采购', zh_TW: '標籤採購', en_US: 'Label purchasing' },
        screens: [
          {
            component: 'label/purchase-order',
            side: 'T',
            icon: 'ShoppingCartOutlined',
            names: { zh_CN: '标签采购单', zh_TW: '標籤採購單', en_US: 'Label purchase order' },
            actions: [
              'query',
              'add',
              'edit',
              'delete',
              'import',
              'export',
              'submit',
              'confirm',
              'cancel',
              'generateEpc',
              'resetEpc',
              'accept',
              'ship',
              'void',
              'reject',
              'rollback',
              'upload',
              'download',
            ],
          },
          {
            component: 'label/purchase-order-wizard',
            side: 'T',
            icon: 'FileDoneOutlined',
            names: {
              zh_CN: '生成标签采购单',
              zh_TW: '產生標籤採購單',
              en_US: 'Generate label purchase order',
            },
            actions: ['query', 'add', 'submit'],
          },
          {
            component: 'label/half-order',
            side: 'T',
            icon: 'ContainerOutlined',
            names: {
              zh_CN: '半成品标签采购',
              zh_TW: '半成品標籤採購',
              en_US: 'Half-finished label purchase',
            },
            actions: [...CRUD, 'submit', 'confirm', 'cancel'],
          },
          {
            component: 'label/finished-order',
            side: 'T',
            icon: 'InboxOutlined',
            names: {
              zh_CN: '成品标签采购',
              zh_TW: '成品標籤採購',
              en_US: 'Finished label purchase',
            },
            actions: [...CRUD, 'submit', 'confirm', 'cancel'],
          },
          {
            component: 'label/sketch',
            side: 'T',
            icon: 'FileProtectOutlined',
            names: { zh_CN: '标签设计稿', zh_TW: '標籤設計稿', en_US: 'Label sketch' },
            actions: ['query', 'add', 'edit', 'delete', 'upload', 'download', 'confirm'],
          },
          {
            component: 'label/print-task',
            side: 'T',
            icon: 'PrinterOutlined',
            names: { zh_CN: '标签打印任务', zh_TW: '標籤列印任務', en_US: 'Label print task' },
            actions: ['query', 'add', 'edit', 'delete', 'print', 'download', 'export'],
          },
          {
            component: 'label/receive-send',
            side: 'T',
            icon: 'CarOutlined',
            names: { zh_CN: '收发货', zh_TW: '收發貨', en_US: 'Receive / send goods' },
            actions: ['query', 'ship', 'receive', 'export'],
          },
        ],
      },
      {
        code: 'templates',
        icon: 'FileTextOutlined',
        names: { zh_CN: '模板与样卡', zh_TW: '範本與樣卡', en_US: 'Templates and sample cards' },
        screens: [
          {
            component: 'label/template-clothing',
            side: 'T',
            icon: 'SkinOutlined',
            names: {
              zh_CN: '标签模板：服装',
              zh_TW: '標籤範本：服裝',
              en_US: 'Label template: clothing',
            },
            actions: [...CRUD],
          },
          {
            component: 'label/template-accessories',
            side: 'T',
            icon: 'GoldOutlined',
            names: {
              zh_CN: '标签模板：配饰',
              zh_TW: '標籤範本：配飾',
              en_US: 'Label template: accessories',
            },
            actions: [...CRUD],
          },
          {
            component: 'label/template-gloves',
            side: 'T',
            icon: 'TagOutlined',
            names: {
              zh_CN: '标签模板：手套/眼镜',
              zh_TW: '標籤範本：手套/眼鏡',
              en_US: 'Label template: gloves/eyes',
            },
            actions: [...CRUD],
          },
          {
            component: 'label/template-hat-bag',
            side: 'T',
            icon: 'DropboxOutlined',
            names: {
              zh_CN: '标签模板：帽子/箱包',
              zh_TW: '標籤範本：帽子/箱包',
              en_US: 'Label template: hat/bag',
            },
            actions: [...CRUD],
          },
          {
            component: 'label/template-shoes',
            side: 'T',
            icon: 'TagsOutlined',
            names: {
              zh_CN: '标签模板：鞋类',
              zh_TW: '標籤範本：鞋類',
              en_US: 'Label template: shoes',
            },
            actions: [...CRUD],
          },
          {
            component: 'label/sample-card',
            side: 'T',
            icon: 'SolutionOutlined',
            names: { zh_CN: '合格证样卡', zh_TW: '合格證樣卡', en_US: 'Certificate sample card' },
            actions: [...CRUD],
          },
        ],
      },
      {
        code: 'binding',
        icon: 'NodeIndexOutlined',
        names: { zh_CN: '标签绑定', zh_TW: '標籤綁定', en_US: 'Binding' },
        screens: [
          {
            component: 'label/tid-binding',
            side: 'T',
            icon: 'NodeIndexOutlined',
            names: { zh_CN: 'TID 绑定', zh_TW: 'TID 綁定', en_US: 'TID binding' },
            actions: ['query', 'bind', 'unbind', 'import', 'export'],
          },
          {
            component: 'label/binding-record',
            side: 'T',
            icon: 'HistoryOutlined',
            names: { zh_CN: '标签绑定记录', zh_TW: '標籤綁定紀錄', en_US: 'Label binding record' },
            actions: [...READ_ONLY],
          },
        ],
      },
      {
        code: 'tracking',
        icon: 'AlertOutlined',
        names: { zh_CN: '标签追溯', zh_TW: '標籤追溯', en_US: 'Tracking' },
        screens: [
          {
            component: 'label/exception',
            side: 'T',
            icon: 'ExceptionOutlined',
            names: {
              zh_CN: '标签异常处理',
              zh_TW: '標籤異常處理',
              en_US: 'Label exception handling',
            },
            actions: ['query', 'handle', 'clear', 'export'],
          },
          {
            component: 'label/lifecycle',
            side: 'T',
            icon: 'ClockCircleOutlined',
            names: { zh_CN: '标签生命周期', zh_TW: '標籤生命週期', en_US: 'Label lifecycle' },
            actions: [...READ_ONLY],
          },
        ],
      },
      {
        code: 'tools',
        icon: 'ToolOutlined',
        names: { zh_CN: '标签工具', zh_TW: '標籤工具', en_US: 'Label tools' },
        screens: [
          {
            component: 'label/replace-barcode',
            side: 'T',
            icon: 'BarcodeOutlined',
            names: { zh_CN: '更换条码', zh_TW: '更換條碼', en_US: 'Replace barcode' },
            actions: ['query', 'add', 'edit', 'delete', 'submit', 'export'],
          },
          {
            component: 'label/supplementary-print',
            side: 'T',
            icon: 'PrinterOutlined',
            names: { zh_CN: '补打标签', zh_TW: '補印標籤', en_US: 'Supplementary label printing' },
            actions: ['query', 'add', 'print', 'export'],
          },
          {
            component: 'label/epc-query',
            side: 'T',
            icon: 'SearchOutlined',
            names: { zh_CN: 'EPC 标签查询', zh_TW: 'EPC 標籤查詢', en_US: 'EPC tag query' },
            actions: ['query', 'export'],
          },
          {
            component: 'label/clear-tag',
            side: 'T',
            icon: 'ClearOutlined',
            names: { zh_CN: '清除标签状态', zh_TW: '清除標籤狀態', en_US: 'Clear tag status' },
            actions: ['query', 'import', 'clear'],
          },
        ],
      },
    ],
  },
  {
    code: 'logistics',
    icon: 'CarOutlined',
    names: { zh_CN: '物流仓储', zh_TW: '物流倉儲', en_US: 'Logistics and storage' },
    groups: [
      {
        code: 'inbound',
        icon: 'InboxOutlined',
        names: { zh_CN: '入库管理', zh_TW: '入庫管理', en_US: 'Inbound' },
        screens: [
          {
            component: 'logistics/receipt-review',
            side: 'T',
            icon: 'AuditOutlined',
            names: { zh_CN: '收货复核', zh_TW: '收貨複核', en_US: 'Receipt review' },
            actions: ['query', 'review', 'zeroClear', 'export'],
          },
          {
            component: 'logistics/quality-inspection',
            side: 'T',
            icon: 'FileProtectOutlined',
            names: { zh_CN: '质检', zh_TW: '品檢', en_US: 'Quality inspection' },
            actions: ['query', 'submit', 'reset', 'rollback', 'export'],
          },
        ],
      },
      {
        code: 'outbound',
        icon: 'CarOutlined',
        names: { zh_CN: '出库管理', zh_TW: '出庫管理', en_US: 'Outbound' },
        screens: [
          {
            component: 'logistics/packing',
            side: 'T',
            icon: 'DropboxOutlined',
            names: { zh_CN: '装箱复核', zh_TW: '裝箱複核', en_US: 'Packing review' },
            actions: ['query', 'review', 'audit', 'cancelReview', 'reset', 'export'],
          },
          {
            component: 'logistics/shipment-review',
            side: 'T',
            icon: 'CarOutlined',
            names: { zh_CN: '发货复核', zh_TW: '出貨複核', en_US: 'Shipment review' },
            actions: ['query', 'review', 'audit', 'export'],
          },
        ],
      },
      {
        code: 'counting',
        icon: 'ReconciliationOutlined',
        names: { zh_CN: '盘点与抽检', zh_TW: '盤點與抽檢', en_US: 'Counts and checks' },
        screens: [
          {
            component: 'logistics/inventory',
            side: 'T',
            icon: 'ReconciliationOutlined',
            names: { zh_CN: '盘点', zh_TW: '盤點', en_US: 'Inventory counts' },
            actions: ['query', 'add', 'edit', 'delete', 'refresh', 'sync', 'submit', 'cancelReview', 'export'],
          },
          {
            component: 'logistics/spot-check',
            side: 'T',
            icon: 'CheckSquareOutlined',
            names: { zh_CN: '抽检复核', zh_TW: '抽檢複核', en_US: 'Spot-check review' },
            actions: ['query', 'review', 'export'],
          },
          {
            component: 'logistics/scattered',
            side: 'T',
            icon: 'ScanOutlined',
            names: { zh_CN: '散件复核', zh_TW: '散件複核', en_US: 'Scattered review' },
            actions: ['query', 'review', 'export'],
          },
        ],
      },
      {
        code: 'storage',
        icon: 'ContainerOutlined',
        names: { zh_CN: '仓储作业', zh_TW: '倉儲作業', en_US: 'Storage operations' },
        screens: [
          {
            component: 'logistics/asn-binding',
            side: 'T',
            icon: 'NodeIndexOutlined',
            names: { zh_CN: 'ASN 绑定记录', zh_TW: 'ASN 綁定紀錄', en_US: 'ASN binding record' },
            actions: [...READ_ONLY],
          },
          {
            component: 'logistics/defective',
            side: 'T',
            icon: 'WarningOutlined',
            names: { zh_CN: '次品管理', zh_TW: '瑕疵品管理', en_US: 'Defective products' },
            actions: [...CRUD],
          },
          {
            component: 'logistics/futures',
            side: 'T',
            icon: 'FundOutlined',
            names: { zh_CN: '期货入库', zh_TW: '期貨入庫', en_US: 'Futures warehousing' },
            actions: [...CRUD],
          },
          {
            component: 'logistics/label-reprint',
            side: 'T',
            icon: 'PrinterOutlined',
            names: {
              zh_CN: '标签管理与补打',
              zh_TW: '標籤管理與補印',
              en_US: 'Label management and reprint',
            },
            actions: ['query', 'print', 'export'],
          },
        ],
      },
      {
        code: 'ecommerce',
        icon: 'ShoppingCartOutlined',
        names: { zh_CN: '电商', zh_TW: '電商', en_US: 'E-commerce' },
        screens: [
          {
            component: 'logistics/ecom-delivery',
            side: 'T',
            icon: 'ShoppingCartOutlined',
            names: { zh_CN: '电商发货单', zh_TW: '電商出貨單', en_US: 'E-commerce delivery list' },
            actions: ['query', 'ship', 'export'],
          },
          {
            component: 'logistics/ecom-return',
            side: 'T',
            icon: 'RollbackOutlined',
            names: { zh_CN: '电商退货单', zh_TW: '電商退貨單', en_US: 'E-commerce return list' },
            actions: ['query', 'receive', 'export'],
          },
        ],
      },
    ],
  },
  {
    code: 'store',
    icon: 'ShopOutlined',
    names: { zh_CN: '零售门店', zh_TW: '零售門市', en_US: 'Retail stores' },
    groups: [
      {
        code: 'operations',
        icon: 'ShopOutlined',
        names: { zh_CN: '门店作业', zh_TW: '門市作業', en_US: 'Store operations' },
        screens: [
          {
            component: 'store/receiving',
            side: 'T',
            icon: 'InboxOutlined',
            names: { zh_CN: '门店收货', zh_TW: '門市收貨', en_US: 'Store receiving' },
            actions: ['query', 'receive', 'export'],
          },
          {
            component: 'store/delivery',
            side: 'T',
            icon: 'CarOutlined',
            names: { zh_CN: '门店发货', zh_TW: '門市出貨', en_US: 'Store delivery' },
            actions: ['query', 'add', 'edit', 'delete', 'ship', 'export'],
          },
          {
            component: 'store/inventory',
            side: 'T',
            icon: 'ReconciliationOutlined',
            names: { zh_CN: '门店盘点', zh_TW: '門市盤點', en_US: 'Store inventory' },
            actions: ['query', 'add', 'edit', 'delete', 'submit', 'export'],
          },
          {
            component: 'store/cashier',
            side: 'T',
            icon: 'BarcodeOutlined',
            names: {
              zh_CN: '收银/交易明细',
              zh_TW: '收銀/交易明細',
              en_US: 'Cashier / transaction details',
            },
            actions: [...READ_ONLY],
          },
        ],
      },
      {
        code: 'o2o',
        icon: 'GlobalOutlined',
        names: { zh_CN: 'O2O', zh_TW: 'O2O', en_US: 'O2O' },
        screens: [
          {
            component: 'store/o2o-receiving',
            side: 'T',
            icon: 'InboxOutlined',
            names: { zh_CN: 'O2O 收货', zh_TW: 'O2O 收貨', en_US: 'O2O receiving' },
            actions: ['query', 'receive', 'export'],
          },
          {
            component: 'store/o2o-delivery',
            side: 'T',
            icon: 'CarOutlined',
            names: { zh_CN: 'O2O 发货', zh_TW: 'O2O 出貨', en_US: 'O2O delivery' },
            actions: ['query', 'ship', 'export'],
          },
        ],
      },
      {
        code: 'tagging',
        icon: 'TagOutlined',
        names: { zh_CN: '补标管理', zh_TW: '補標管理', en_US: 'Re-tagging' },
        screens: [
          {
            component: 'store/supplementary-bid',
            side: 'T',
            icon: 'TagOutlined',
            names: { zh_CN: '补标', zh_TW: '補標', en_US: 'Supplementary bid' },
            actions: ['query', 'add', 'edit', 'delete', 'print', 'export'],
          },
        ],
      },
      {
        code: 'reports',
        icon: 'BarChartOutlined',
        names: { zh_CN: '统计报表', zh_TW: '統計報表', en_US: 'Statistical reports' },
        screens: [
          {
            component: 'store/report-shipment',
            side: 'T',
            icon: 'BarChartOutlined',
            names: { zh_CN: '发货报表', zh_TW: '出貨報表', en_US: 'Shipment report' },
            actions: ['query', 'export'],
          },
          {
            component: 'store/report-stocktaking',
            side: 'T',
            icon: 'PieChartOutlined',
            names: { zh_CN: '盘点报表', zh_TW: '盤點報表', en_US: 'Stocktaking report' },
            actions: ['query', 'export'],
          },
          {
            component: 'store/report-take-delivery',
            side: 'T',
            icon: 'LineChartOutlined',
            names: { zh_CN: '收货报表', zh_TW: '收貨報表', en_US: 'Take-delivery report' },
            actions: ['query', 'export'],
          },
        ],
      },
    ],
  },
  {
    code: 'warehouse',
    icon: 'BankOutlined',
    names: { zh_CN: '智能仓库', zh_TW: '智慧倉庫', en_US: 'Intelligent warehouse' },
    groups: [
      {
        code: 'bills',
        icon: 'FileTextOutlined',
        names: { zh_CN: '单据与箱号', zh_TW: '單據與箱號', en_US: 'Bills and boxes' },
        screens: [
          {
            component: 'warehouse/bill',
            side: 'T',
            icon: 'FileTextOutlined',
            names: { zh_CN: '单据管理', zh_TW: '單據管理', en_US: 'Bill management' },
            actions: [...CRUD],
          },
          {
            component: 'warehouse/box',
            side: 'T',
            icon: 'DropboxOutlined',
            names: { zh_CN: '箱号列表', zh_TW: '箱號列表', en_US: 'Box list' },
            actions: ['query', 'print', 'export'],
          },
        ],
      },
      {
        code: 'receiving',
        icon: 'InboxOutlined',
        names: { zh_CN: '收货管理', zh_TW: '收貨管理', en_US: 'Receiving management' },
        screens: [
          {
            component: 'warehouse/receiving-check',
            side: 'T',
            icon: 'CheckSquareOutlined',
            names: { zh_CN: '收货核对', zh_TW: '收貨核對', en_US: 'Receiving check' },
            actions: ['query', 'review', 'export'],
          },
          {
            component: 'warehouse/goods-received',
            side: 'T',
            icon: 'InboxOutlined',
            names: { zh_CN: '收货记录', zh_TW: '收貨紀錄', en_US: 'Goods received' },
            actions: ['query', 'receive', 'export'],
          },
          {
            component: 'warehouse/pad-review',
            side: 'T',
            icon: 'MobileOutlined',
            names: { zh_CN: 'PAD 复核', zh_TW: 'PAD 複核', en_US: 'Pad review' },
            actions: ['query', 'upload', 'review', 'export'],
          },
          {
            component: 'warehouse/receiving-qi',
            side: 'T',
            icon: 'FileProtectOutlined',
            names: { zh_CN: '收货质检', zh_TW: '收貨品檢', en_US: 'Receiving quality inspection' },
            actions: ['query', 'submit', 'reset', 'export'],
          },
          {
            component: 'warehouse/abnormal-label',
            side: 'T',
            icon: 'WarningOutlined',
            names: { zh_CN: '异常标签', zh_TW: '異常標籤', en_US: 'Abnormal label' },
            actions: ['query', 'handle', 'clear', 'export'],
          },
        ],
      },
      {
        code: 'settings',
        icon: 'SettingOutlined',
        names: { zh_CN: '仓库设置', zh_TW: '倉庫設定', en_US: 'Warehouse settings' },
        screens: [
          {
            component: 'warehouse/management',
            side: 'T',
            icon: 'HomeOutlined',
            names: { zh_CN: '仓库管理', zh_TW: '倉庫管理', en_US: 'Warehouse management' },
            actions: [...CRUD],
          },
          {
            component: 'warehouse/permission',
            side: 'T',
            icon: 'LockOutlined',
            names: { zh_CN: '仓库权限', zh_TW: '倉庫權限', en_US: 'Warehouse permissions' },
            actions: ['query', 'edit', 'assign'],
          },
          {
            component: 'warehouse/log',
            side: 'T',
            icon: 'HistoryOutlined',
            names: { zh_CN: '仓库日志', zh_TW: '倉庫日誌', en_US: 'Warehouse logs' },
            actions: [...READ_ONLY],
          },
        ],
      },
    ],
  },
  {
    code: 'rfid',
    icon: 'WifiOutlined',
    names: { zh_CN: 'RFID 数据采集', zh_TW: 'RFID 資料採集', en_US: 'RFID data collection' },
    groups: [
      {
        code: 'devices',
        icon: 'UsbOutlined',
        names: { zh_CN: '设备管理', zh_TW: '設備管理', en_US: 'Devices' },
        screens: [
          {
            component: 'rfid/equipment',
            side: 'B',
            icon: 'UsbOutlined',
            names: { zh_CN: '设备列表', zh_TW: '設備列表', en_US: 'Equipment list' },
            actions: [...CRUD, 'register', 'bind', 'unbind'],
          },
          {
            component: 'rfid/scene',
            side: 'B',
            icon: 'ControlOutlined',
            names: { zh_CN: '场景', zh_TW: '場景', en_US: 'Scenes' },
            actions: [...CRUD],
          },
          {
            component: 'rfid/equipment-log',
            side: 'B',
            icon: 'HistoryOutlined',
            names: { zh_CN: '设备日志', zh_TW: '設備日誌', en_US: 'Equipment log' },
            actions: [...READ_ONLY],
          },
        ],
      },
      {
        code: 'data',
        icon: 'DatabaseOutlined',
        names: { zh_CN: '采集数据', zh_TW: '採集資料', en_US: 'Collected data' },
        screens: [
          {
            component: 'rfid/raw-data',
            side: 'B',
            icon: 'DatabaseOutlined',
            names: {
              zh_CN: '原始上报数据',
              zh_TW: '原始回報資料',
              en_US: 'Original reported data',
            },
            actions: [...READ_ONLY],
          },
          {
            component: 'rfid/report-state',
            side: 'B',
            icon: 'ProfileOutlined',
            names: { zh_CN: '上报数据状态', zh_TW: '回報資料狀態', en_US: 'Reported data state' },
            actions: [...READ_ONLY],
          },
          {
            component: 'rfid/epc-data',
            side: 'B',
            icon: 'TagsOutlined',
            names: { zh_CN: 'EPC 数据', zh_TW: 'EPC 資料', en_US: 'EPC data' },
            actions: [...READ_ONLY],
          },
          {
            component: 'rfid/epc-state',
            side: 'B',
            icon: 'TagOutlined',
            names: { zh_CN: 'EPC 状态', zh_TW: 'EPC 狀態', en_US: 'EPC state' },
            actions: [...READ_ONLY],
          },
        ],
      },
      {
        code: 'basics',
        icon: 'AppstoreOutlined',
        names: { zh_CN: '基础资料', zh_TW: '基礎資料', en_US: 'Basic data' },
        screens: [
          {
            component: 'rfid/product',
            side: 'B',
            icon: 'AppstoreOutlined',
            names: { zh_CN: '产品', zh_TW: '產品', en_US: 'Products' },
            actions: [...CRUD],
          },
        ],
      },
    ],
  },
  {
    code: 'smart-store',
    icon: 'SkinOutlined',
    names: { zh_CN: '智慧门店', zh_TW: '智慧門市', en_US: 'Smart store' },
    groups: [
      {
        code: 'fitting-room',
        icon: 'SkinOutlined',
        names: { zh_CN: '试衣间', zh_TW: '試衣間', en_US: 'Fitting rooms' },
        screens: [
          {
            component: 'smart-store/archive',
            side: 'T',
            icon: 'ContainerOutlined',
            names: { zh_CN: '试衣间档案', zh_TW: '試衣間檔案', en_US: 'Fitting-room archives' },
            actions: [...CRUD],
          },
          {
            component: 'smart-store/data',
            side: 'T',
            icon: 'DatabaseOutlined',
            names: { zh_CN: '试衣间数据', zh_TW: '試衣間資料', en_US: 'Fitting-room data' },
            actions: [...READ_ONLY],
          },
          {
            component: 'smart-store/raw-data',
            side: 'T',
            icon: 'FileSearchOutlined',
            names: { zh_CN: '原始数据', zh_TW: '原始資料', en_US: 'Raw data' },
            actions: [...READ_ONLY],
          },
        ],
      },
      {
        code: 'analysis',
        icon: 'PieChartOutlined',
        names: { zh_CN: '数据分析', zh_TW: '資料分析', en_US: 'Analysis' },
        screens: [
          {
            component: 'smart-store/top',
            side: 'T',
            icon: 'TrophyOutlined',
            names: { zh_CN: '热门排行', zh_TW: '熱門排行', en_US: 'Top ranking' },
            actions: ['query', 'export'],
          },
          {
            component: 'smart-store/trend',
            side: 'T',
            icon: 'LineChartOutlined',
            names: { zh_CN: '趋势', zh_TW: '趨勢', en_US: 'Trend' },
            actions: ['query', 'export'],
          },
          {
            component: 'smart-store/turnover',
            side: 'T',
            icon: 'RiseOutlined',
            names: { zh_CN: '试穿转化', zh_TW: '試穿轉換', en_US: 'Turnover' },
            actions: ['query', 'export'],
          },
          {
            component: 'smart-store/statistics',
            side: 'T',
            icon: 'BarChartOutlined',
            names: { zh_CN: '统计', zh_TW: '統計', en_US: 'Statistics' },
            actions: ['query', 'export'],
          },
        ],
      },
    ],
  },
  {
    code: 'supply',
    icon: 'DeploymentUnitOutlined',
    names: { zh_CN: '供应链', zh_TW: '供應鏈', en_US: 'Supply chain' },
    groups: [
      {
        code: 'purchasing',
        icon: 'ShoppingCartOutlined',
        names: { zh_CN: '商品采购', zh_TW: '商品採購', en_US: 'Commodity purchasing' },
        screens: [
          {
            component: 'supply/purchase-order',
            side: 'T',
            icon: 'ShoppingCartOutlined',
            names: { zh_CN: '商品采购单', zh_TW: '商品採購單', en_US: 'Commodity purchase order' },
            actions: [...CRUD, 'repeal'],
          },
          {
            component: 'supply/purchase-order-detail',
            side: 'T',
            icon: 'ProfileOutlined',
            names: {
              zh_CN: '商品采购单明细',
              zh_TW: '商品採購單明細',
              en_US: 'Commodity purchase order detail',
            },
            actions: ['query', 'export'],
          },
          {
            component: 'supply/sample-card',
            side: 'T',
            icon: 'SolutionOutlined',
            names: { zh_CN: '样卡', zh_TW: '樣卡', en_US: 'Sample cards' },
            actions: [...CRUD],
          },
        ],
      },
      {
        code: 'supplier',
        icon: 'TeamOutlined',
        names: { zh_CN: '供应商协同', zh_TW: '供應商協同', en_US: 'Supplier collaboration' },
        screens: [
          {
            component: 'supply/label-order',
            side: 'T',
            icon: 'TagsOutlined',
            names: {
              zh_CN: '标签采购单（供应商）',
              zh_TW: '標籤採購單（供應商）',
              en_US: 'Label purchase order (supplier view)',
            },
            actions: ['query', 'accept', 'ship', 'confirm', 'export'],
          },
          {
            component: 'supply/packing-review',
            side: 'T',
            icon: 'DropboxOutlined',
            names: { zh_CN: '装箱复核', zh_TW: '裝箱複核', en_US: 'Packing review' },
            actions: ['query', 'review', 'audit', 'cancelReview', 'export'],
          },
          {
            component: 'supply/submission-detail',
            side: 'T',
            icon: 'FileDoneOutlined',
            names: { zh_CN: '提交单明细', zh_TW: '提交單明細', en_US: 'Submission form detail' },
            actions: [...READ_ONLY],
          },
        ],
      },
    ],
  },
  {
    code: 'tenant',
    icon: 'ClusterOutlined',
    names: { zh_CN: '租户数据中心', zh_TW: '租戶資料中心', en_US: 'Tenant data center' },
    groups: [
      {
        code: 'archives',
        icon: 'ContainerOutlined',
        names: { zh_CN: '基础档案', zh_TW: '基礎檔案', en_US: 'Archives' },
        screens: [
          {
            component: 'tenant/goods',
            side: 'T',
            icon: 'SkinOutlined',
            names: { zh_CN: '商品', zh_TW: '商品', en_US: 'Goods' },
            actions: [...CRUD, 'upload'],
          },
          {
            component: 'tenant/brand',
            side: 'T',
            icon: 'TrophyOutlined',
            names: { zh_CN: '品牌', zh_TW: '品牌', en_US: 'Brands' },
            actions: [...CRUD, 'upload'],
          },
          {
            component: 'tenant/location',
            side: 'T',
            icon: 'EnvironmentOutlined',
            names: { zh_CN: '位置', zh_TW: '位置', en_US: 'Locations' },
            actions: [...CRUD],
          },
          {
            component: 'tenant/store',
            side: 'T',
            icon: 'ShopOutlined',
            names: { zh_CN: '门店', zh_TW: '門市', en_US: 'Stores' },
            actions: [...CRUD],
          },
          {
            component: 'tenant/warehouse',
            side: 'T',
            icon: 'HomeOutlined',
            names: { zh_CN: '仓库', zh_TW: '倉庫', en_US: 'Warehouses' },
            actions: [...CRUD],
          },
          {
            component: 'tenant/factory',
            side: 'T',
            icon: 'ToolOutlined',
            names: { zh_CN: '工厂', zh_TW: '工廠', en_US: 'Factories' },
            actions: [...CRUD],
          },
          {
            component: 'tenant/label-supplier',
            side: 'T',
            icon: 'TagsOutlined',
            names: { zh_CN: '标签供应商', zh_TW: '標籤供應商', en_US: 'Label suppliers' },
            actions: [...CRUD],
          },
          {
            component: 'tenant/equipment',
            side: 'T',
            icon: 'UsbOutlined',
            names: { zh_CN: '设备档案', zh_TW: '設備檔案', en_US: 'Equipment archive' },
            actions: [...CRUD],
          },
          {
            component: 'tenant/code-table',
            side: 'T',
            icon: 'TableOutlined',
            names: { zh_CN: '码表', zh_TW: '代碼表', en_US: 'Code tables' },
            actions: [...CRUD],
          },
        ],
      },
      {
        code: 'permissions',
        icon: 'SafetyOutlined',
        names: { zh_CN: '权限管理', zh_TW: '權限管理', en_US: 'Permissions' },
        screens: [
          {
            component: 'tenant/role',
            side: 'T',
            icon: 'SafetyOutlined',
            names: { zh_CN: '角色', zh_TW: '角色', en_US: 'Roles' },
            actions: [...CRUD, 'assign'],
          },
          {
            component: 'tenant/user',
            side: 'T',
            icon: 'UserOutlined',
            names: { zh_CN: '用户', zh_TW: '使用者', en_US: 'Users' },
            actions: [...CRUD, 'enable', 'disable', 'resetPassword', 'assign'],
          },
          {
            component: 'tenant/param',
            side: 'T',
            icon: 'ControlOutlined',
            names: { zh_CN: '参数设置', zh_TW: '參數設定', en_US: 'Parameters' },
            actions: [...CRUD],
          },
          {
            component: 'tenant/permission',
            side: 'T',
            icon: 'KeyOutlined',
            names: { zh_CN: '权限维护', zh_TW: '權限維護', en_US: 'Permission maintenance' },
            actions: ['query', 'edit', 'assign'],
          },
        ],
      },
      {
        code: 'training',
        icon: 'ReadOutlined',
        names: { zh_CN: '培训', zh_TW: '教育訓練', en_US: 'Training' },
        screens: [
          {
            component: 'tenant/training-doc',
            side: 'T',
            icon: 'ReadOutlined',
            names: { zh_CN: '培训文档', zh_TW: '教育訓練文件', en_US: 'Training documents' },
            actions: ['query', 'add', 'delete', 'upload', 'download'],
          },
        ],
      },
    ],
  },
];

/**
 * Screens only the platform may use (side 'P' in the tree above). This list, not the menus table
 * (whose side column an administrator can edit), decides: the server refuses these screens' routes
 * to tenant users and refuses to grant them to a tenant, whatever the database says.
 */
export const PLATFORM_SCREENS: ReadonlySet<string> = new Set(
  MENU_TREE.flatMap((m) => m.groups.flatMap((g) => g.screens.filter((s) => s.side === 'P').map((s) => s.component))),
);

/** Whether a screen code is platform-only (see PLATFORM_SCREENS). */
export const isPlatformScreen = (code: string): boolean => PLATFORM_SCREENS.has(code);
