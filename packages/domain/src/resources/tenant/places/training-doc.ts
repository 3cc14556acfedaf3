import { L } from '../../../lang.js';
import { defineResource } from '../../../resource/define.js';
import { f } from '../../../resource/fields.js';

/** Largest training document (a manual with pictures). */
export const TRAINING_DOC_BYTES = 50 * 1024 * 1024;

/**
 * Training documents (spec §3 "training documents"): one pdf per upload, listed, previewed in the
 * browser and downloaded. Uploading needs the Upload button, opening the file the Download button.
 */
export const trainingDocResource = defineResource({
  code: 'tenant/training-doc',
  names: L('培训文档', '教育訓練文件', 'Training document'),
  owner: 'tenant',
  table: 'training_docs',
  titleField: 'title',
  defaultSort: { field: 'uploadedAt', order: 'desc' },
  crud: ['query', 'add', 'delete'],
  extraActions: ['upload', 'download'],
  unproven: {
    crud: 'a document is its pdf, uploaded first: tenant-places.test.ts adds and deletes documents, file-fields.test.ts proves the file field',
    badField: 'a valid row needs an uploaded pdf (tenant-places.test.ts)',
  },
  fields: {
    title: f.text({ label: L('文档标题', '文件標題', 'Title'), max: 128, search: 'like', sort: true }),
    category: f.enumOf('TrainingCategory', { label: L('分类', '分類', 'Category'), search: 'eq', default: 1, required: false, width: 110 }),
    fileId: f.file({
      label: L('PDF 文件', 'PDF 檔案', 'PDF file'),
      kinds: ['pdf'],
      maxBytes: TRAINING_DOC_BYTES,
      required: true,
    }),
    remark: f.textarea({ label: L('说明', '說明', 'Description'), max: 256, list: true, hidden: true }),
    uploadedAt: f.datetime({ label: L('上传时间', '上傳時間', 'Uploaded at'), form: false, required: false, sort: true, width: 170 }),
  },
});
