import { LIMITS } from '../../constants.js';
import { L, type L10n } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import type { FileKind } from '../../resource/file-kinds.js';

export const VERSION_TYPES = ['app', 'web', 'net', 'java'] as const;
export type VersionType = (typeof VERSION_TYPES)[number];

const NAMES: Record<VersionType, L10n> = {
  app: L('App 版本', 'App 版本', 'App versions'),
  web: L('Web 版本', 'Web 版本', 'Web versions'),
  net: L('.NET 版本', '.NET 版本', '.NET versions'),
  java: L('Java 版本', 'Java 版本', 'Java versions'),
};

/** File kinds (by content) each version screen accepts; app files must be .apk (zip content, .apk name). */
export const VERSION_FILE_KINDS: Record<VersionType, FileKind[]> = {
  app: ['apk'],
  web: ['zip', 'gzip'],
  net: ['zip', 'exe'],
  java: ['jar', 'war', 'zip'],
};

/**
 * Software versions (spec §3): four screens over one table (software_versions, column `type`),
 * served by modules/general/versions. The file is a declared file field: uploaded through the
 * generic file routes (or with create, multipart), the same bytes twice refused.
 */
export const versionResource = (type: VersionType) =>
  defineResource({
    code: `general/version-${type}`,
    names: NAMES[type],
    owner: 'platform',
    table: 'software_versions',
    titleField: 'versionName',
    defaultSort: { field: 'uploadTime', order: 'desc' },
    crud: ['query', 'add', 'edit', 'delete'],
    extraActions: ['upload', 'download'],
    unproven: {
      dbChecks:
        "its table (software_versions) is written by hand, without the CHECKs a declaration's table gets (a migration adding them is to do)",
    },
    // (the generic proofs' row: a version without its file, which is uploaded on its own)
    sample: (salt) => ({ softwareName: `Sample ${salt}`, softwareCode: `smp-${salt}`, versionName: `v-${salt}`, versionNumber: 1 }),
    fields: {
      softwareName: f.text({ label: L('软件名称', '軟體名稱', 'Software name'), max: 64, search: 'like', sort: true }),
      softwareCode: f.text({
        hidden: true,
        display: 'code',
        label: L('软件编码', '軟體編碼', 'Software code'),
        max: 64,
        search: 'like',
        sort: true,
        pattern: { source: '^[A-Za-z0-9._-]+$', message: 'validation.codeChars' },
      }),
      projectCode: f.text({ label: L('项目编码', '專案編碼', 'Project code'), max: 64, required: false, search: 'like', hidden: true }),
      projectName: f.text({ label: L('项目名称', '專案名稱', 'Project name'), max: 64, required: false, hidden: true }),
      deviceType: f.text({ label: L('设备类型', '設備類型', 'Device type'), max: 64, required: false, search: 'eq', hidden: true }),
      upgradeType: f.enumOf('UpgradeType', {
        label: L('升级类型', '升級類型', 'Upgrade type'),
        default: 'optional',
        required: false,
        search: 'eq',
        hidden: true,
      }),
      versionName: f.text({ label: L('版本名称', '版本名稱', 'Version name'), max: 64, search: 'like' }),
      versionNumber: f.int({ label: L('版本号', '版本號', 'Version number'), min: 1, max: 2_000_000_000, sort: true }),
      updatedInstructions: f.textarea({ label: L('更新说明', '更新說明', 'Update instructions'), max: 1000, list: true, hidden: true }),
      uploadedPerson: f.text({ label: L('上传人', '上傳人', 'Uploaded by'), required: false, form: false, hidden: true }),
      uploadTime: f.datetime({
        label: L('上传时间', '上傳時間', 'Upload time'),
        required: false,
        form: false,
        sort: true,
        search: 'range',
      }),
      fileId: f.file({
        label: L('文件', '檔案', 'File'),
        kinds: VERSION_FILE_KINDS[type],
        maxBytes: LIMITS.softwareFileBytes,
        unique: true,
        list: false,
      }),
      fileName: f.text({ label: L('文件', '檔案', 'File'), max: 200, required: false, form: false }),
      fileSize: f.int({ label: L('文件大小', '檔案大小', 'File size'), required: false, form: false, hidden: true }),
    },
  });

export const versionResources = Object.fromEntries(VERSION_TYPES.map((t) => [t, versionResource(t)])) as Record<
  VersionType,
  ReturnType<typeof versionResource>
>;
