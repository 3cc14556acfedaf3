/**
 * A declared file field (`f.file`): a drop zone that checks the declared kinds, size, count and
 * picture size before sending, uploads each file at once to /api/<code>/upload?field= (with
 * progress), and lists the field's files with thumbnails, preview, download and remove. The
 * value is the file id (one-file fields) or the list of ids; the row keeps them when it is saved.
 */
import {
  DeleteOutlined,
  EyeOutlined,
  InboxOutlined,
  LeftOutlined,
  LoadingOutlined,
  PaperClipOutlined,
  PlayCircleOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { type FileInfo, fileExtensions, IMAGE_KINDS } from '@tagloom/domain/resource/file-kinds.ts';
import { useQuery } from '@tanstack/react-query';
import { Image, Modal, Tooltip, Upload, type UploadFile } from 'antd';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getLoginType, getToken } from '../../app/auth';
import { useMessage } from '../../app/bridge';
import { currentLang } from '../../app/i18n';
import { BLOB_URL_TTL_MS, request } from '../../app/request';
import { API_BASE, Code, type Envelope } from '../../domain';
import { ScreenContext } from '../ScreenContext';
import type { InputProps } from './field-render';
import { fileIdsOf, formatSize, pickProblem } from './file-checks';
import type { Field } from './types';
import './gallery.css';

const authHeaders = (): Record<string, string> => {
  const token = getToken();
  return token ? { token, loginType: getLoginType() ?? '1', langeType: currentLang() } : {};
};

export { fileIdsOf, formatSize };

// ---- file metadata, fetched in one request for all the cells and fields shown at once ----
const infoCache = new Map<string, Promise<FileInfo | undefined>>();
const pending = new Map<string, Map<number, (f: FileInfo | undefined) => void>>();

function loadInfo(code: string, id: number): Promise<FileInfo | undefined> {
  const key = `${code}#${id}`;
  const cached = infoCache.get(key);
  if (cached) return cached;
  const p = new Promise<FileInfo | undefined>((resolve) => {
    let batch = pending.get(code);
    if (!batch) {
      batch = new Map();
      pending.set(code, batch);
      setTimeout(() => void flush(code), 10);
    }
    batch.set(id, resolve);
  });
  infoCache.set(key, p);
  return p;
}

async function flush(code: string) {
  const batch = pending.get(code);
  pending.delete(code);
  if (!batch) return;
  const ids = [...batch.keys()];
  for (let i = 0; i < ids.length; i += 200) {
    const slice = ids.slice(i, i + 200);
    let found: FileInfo[] = [];
    try {
      found = (await request<FileInfo[]>(`/${code}/files`, { params: { ids: slice.join(',') }, silent: true })).data ?? [];
    } catch {
      found = [];
    }
    for (const id of slice) {
      const f = found.find((x) => x.id === id);
      if (!f) infoCache.delete(`${code}#${id}`);
      batch.get(id)?.(f);
    }
  }
}

const rememberInfo = (code: string, f: FileInfo) => infoCache.set(`${code}#${f.id}`, Promise.resolve(f));

function useFileInfos(code: string, ids: number[]) {
  return useQuery({
    queryKey: ['file-info', code, ids.join(',')],
    queryFn: async () => (await Promise.all(ids.map((id) => loadInfo(code, id)))).filter((f): f is FileInfo => !!f),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
}

/** A blob: URL of a file route's answer (thumbnails and previews need the token header, so no plain src). */
async function blobUrl(url: string): Promise<string> {
  const res = await fetch(`${API_BASE}${url}`, { headers: authHeaders() });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) throw new Error(`HTTP ${res.status}`);
  return URL.createObjectURL(await res.blob());
}

/**
 * blob: URLs of file routes, shared by every thumbnail showing the same file and revoked only a while
 * after the last one is gone: a URL revoked while an <img> still names it (a row re-rendered, a drawer
 * closing, a card moved) is a failed load in the console, and a table re-rendered need not fetch again.
 */
const blobs = new Map<string, { url: Promise<string>; refs: number; timer?: ReturnType<typeof setTimeout> }>();
const BLOB_KEEP_MS = 30_000;

function acquireBlob(url: string): { key: string; url: Promise<string> } {
  const key = `${getToken() ?? ''} ${url}`;
  let entry = blobs.get(key);
  if (!entry) {
    entry = { url: blobUrl(url), refs: 0 };
    blobs.set(key, entry);
    // a failed load is not kept: the next thumbnail tries again
    entry.url.catch(() => blobs.delete(key));
  }
  entry.refs += 1;
  if (entry.timer) clearTimeout(entry.timer);
  entry.timer = undefined;
  return { key, url: entry.url };
}

function releaseBlob(key: string) {
  const entry = blobs.get(key);
  if (!entry) return;
  entry.refs -= 1;
  if (entry.refs > 0) return;
  entry.timer = setTimeout(() => {
    if (blobs.get(key) !== entry || entry.refs > 0) return;
    blobs.delete(key);
    entry.url.then((u) => URL.revokeObjectURL(u)).catch(() => undefined);
  }, BLOB_KEEP_MS);
}

function useBlobUrl(url: string | undefined) {
  const [shown, setShown] = useState<{ url: string; src: string }>();
  useEffect(() => {
    if (!url) return;
    let gone = false;
    const held = acquireBlob(url);
    held.url.then((src) => !gone && setShown({ url, src })).catch(() => undefined);
    return () => {
      gone = true;
      releaseBlob(held.key);
    };
  }, [url]);
  // never the picture of a file this thumbnail no longer shows
  return shown && shown.url === url ? shown.src : undefined;
}

/** A picture's thumbnail (from the server's thumbnail route), or a clip for other files. */
export function FileThumb({ code, file, size = 32 }: { code: string; file: FileInfo; size?: number }) {
  const src = useBlobUrl(file.thumb ? `/${code}/thumb?id=${file.id}` : undefined);
  if (!file.thumb) return <PaperClipOutlined className="resource-file-clip" />;
  return src ? (
    <img src={src} alt={file.name} width={size} height={size} className="resource-file-thumb" style={{ objectFit: 'contain' }} />
  ) : (
    <span className="resource-file-thumb" style={{ width: size, height: size }} />
  );
}

/** The screen's code: given, or the screen this field is shown on. */
function useCode(code?: string): string {
  const screen = useContext(ScreenContext);
  return code ?? screen?.code ?? '';
}

/** A file field in a table cell: the file's name with its thumbnail (and a count when there are more). */
export function FileCell({ field, value, code }: { field: Field; value: unknown; code?: string }) {
  const { t } = useTranslation();
  const screen = useCode(code);
  const ids = fileIdsOf(value);
  const { data } = useFileInfos(screen, ids);
  if (!ids.length) return <span className="resource-empty">-</span>;
  const first = data?.find((f) => f.id === ids[0]) ?? data?.[0];
  const names = (data ?? []).map((f) => f.name).join(' / ');
  // pictures (a logo, a gallery): the (cover) picture itself, and how many there are
  if (first?.thumb)
    return (
      <Tooltip title={names || undefined}>
        <span className="resource-file-cell resource-gallery-cell" data-testid={`cell-${field.key}`}>
          <FileThumb code={screen} file={first} size={40} />
          {ids.length > 1 && <small className="resource-file-more">{t('files.count', { count: ids.length })}</small>}
        </span>
      </Tooltip>
    );
  return (
    <Tooltip title={names || undefined}>
      <span className="resource-file-cell" data-testid={`cell-${field.key}`}>
        {first && <FileThumb code={screen} file={first} size={24} />}
        <span className="resource-token">{first?.name ?? ''}</span>
        {ids.length > 1 && <small className="resource-file-more">{t('files.count', { count: ids.length })}</small>}
      </span>
    </Tooltip>
  );
}

/** Width and height of a picked picture (read by the browser), or undefined when it cannot tell. */
async function pictureSize(file: File): Promise<{ w: number; h: number } | undefined> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { w: bitmap.width, h: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return undefined;
  }
}

export interface FileFieldProps extends InputProps {
  /** the screen whose upload route takes the files (default: the screen shown) */
  code?: string;
  /** test id of the drop zone's wrapper (default field-<key>) */
  testId?: string;
  /** test id of the problem line under it (default field-<key>-error) */
  errorTestId?: string;
  /** told of the field's current problem (a refused pick or upload), or of none */
  onProblem?: (message: string | undefined) => void;
  /** told while an upload is under way */
  onBusy?: (busy: boolean) => void;
  /** upload straight onto this saved row (its file replaced at once) instead of into the form */
  rowId?: number;
}

type Item = UploadFile & { fileId?: number };

export function FileField(props: FileFieldProps) {
  const { field, value, onChange, disabled } = props;
  const { t } = useTranslation();
  const message = useMessage();
  const code = useCode(props.code);
  const rules = field.file!;
  const exts = fileExtensions(rules.kinds);
  const many = rules.max > 1;
  const ids = useMemo(() => fileIdsOf(value), [value]);
  const { data: infos } = useFileInfos(code, ids);
  const [items, setItems] = useState<Item[]>([]);
  const [problem, setProblem] = useState<string>();
  const [preview, setPreview] = useState<{ name: string; src: string; video?: boolean }>();
  const shownPreview = useRef<string | undefined>(undefined);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const onProblem = props.onProblem;
  const onBusy = props.onBusy;

  const report = (msg: string | undefined) => {
    setProblem(msg);
    onProblem?.(msg);
  };

  // the list follows the value: saved files by their metadata; uploads in progress or refused stay
  useEffect(() => {
    setItems((prev) => {
      const kept = prev.filter((i) => i.status === 'uploading' || i.status === 'error');
      const saved: Item[] = ids.map((id) => {
        const info = infos?.find((x) => x.id === id);
        const before = prev.find((p) => p.fileId === id);
        return {
          uid: `file-${id}`,
          fileId: id,
          name: info?.name ?? before?.name ?? `#${id}`,
          status: 'done',
          size: info?.size ?? before?.size,
        };
      });
      return [...saved, ...kept];
    });
  }, [ids, infos]);

  useEffect(() => onBusy?.(items.some((i) => i.status === 'uploading')), [items, onBusy]);

  const refuse = (msg: string) => {
    report(msg);
    return Upload.LIST_IGNORE;
  };

  const beforeUpload = async (file: File, batch: File[]) => {
    const name = file.name.toLowerCase();
    if (!many && batch.length > 1) return refuse(t('files.tooMany', { count: 1 }));
    const live = itemsRef.current.filter((i) => i.status !== 'error').length;
    const problem = pickProblem(rules, file, live + batch.indexOf(file) + 1);
    if (problem) return refuse(t(problem.key, problem.params));
    if (rules.image && fileExtensions(IMAGE_KINDS).some((e) => name.endsWith(e))) {
      const size = await pictureSize(file);
      const { minWidth = 0, minHeight = 0 } = rules.image;
      if (size && (size.w < minWidth || size.h < minHeight))
        return refuse(t('files.imageTooSmall', { width: minWidth, height: minHeight, w: size.w, h: size.h }));
    }
    report(undefined);
    return true;
  };

  const onUploadChange = ({ file }: { file: UploadFile }) => {
    if (file.status === 'uploading') {
      setItems((prev) => {
        const others = many ? prev.filter((p) => p.uid !== file.uid) : prev.filter((p) => p.uid !== file.uid && p.status === 'done');
        return [...others, { ...file }];
      });
      return;
    }
    const body = file.response as Envelope<FileInfo> | undefined;
    if (file.status === 'done' && body?.code === Code.OK && props.rowId !== undefined) {
      // the row answered: its field now holds the file
      const next = (body.data as unknown as Record<string, unknown>)[field.key];
      setItems((prev) => prev.map((p) => (p.uid === file.uid ? { ...file, fileId: fileIdsOf(next).at(-1), status: 'done' } : p)));
      report(undefined);
      message.success(body.msg);
      onChange?.(next);
      return;
    }
    if (file.status === 'done' && body?.code === Code.OK) {
      rememberInfo(code, body.data);
      setItems((prev) => prev.map((p) => (p.uid === file.uid ? { ...file, fileId: body.data.id, status: 'done' } : p)));
      report(undefined);
      // a one-file field takes the new file in place of the old one (the old one goes when the row is saved)
      onChange?.(many ? [...ids, body.data.id] : body.data.id);
      return;
    }
    if (file.status === 'done' || file.status === 'error') {
      const msg = body?.msg || t('files.failed');
      setItems((prev) =>
        prev
          .map((p): Item => (p.uid === file.uid ? { ...file, status: 'error', response: msg } : p))
          .filter((p) => many || p.uid === file.uid || p.status !== 'error'),
      );
      report(msg);
      message.error(msg);
    }
  };

  const openPreview = async (item: Item) => {
    if (!item.fileId) return;
    const info = await loadInfo(code, item.fileId);
    try {
      const src = await blobUrl(`/${code}/preview?id=${item.fileId}`);
      const video = info?.kind === 'mp4' || info?.kind === 'webm';
      if (video || info?.thumb) {
        if (shownPreview.current) URL.revokeObjectURL(shownPreview.current);
        shownPreview.current = src;
        setPreview({ name: item.name, src, video });
      } else {
        window.open(src, '_blank', 'noopener');
        setTimeout(() => URL.revokeObjectURL(src), BLOB_URL_TTL_MS);
      }
    } catch {
      message.error(t('files.failed'));
    }
  };

  const hint = [
    many
      ? t('files.hintCount', { count: rules.max, exts: exts.join(', '), max: formatSize(rules.maxBytes) })
      : t('files.hintOne', { exts: exts.join(', '), max: formatSize(rules.maxBytes) }),
    rules.image ? t('files.hintImage', { width: rules.image.minWidth ?? 0, height: rules.image.minHeight ?? 0 }) : '',
  ]
    .filter(Boolean)
    .join('; ');
  const pictures = rules.kinds.some((k) => IMAGE_KINDS.includes(k));
  const testId = props.testId ?? `field-${field.key}`;
  // several pictures: a gallery of thumbnails (the first is the cover), reordered in place
  const gallery = many && pictures;
  const move = (fileId: number, by: -1 | 1) => {
    const at = ids.indexOf(fileId);
    const to = at + by;
    if (at < 0 || to < 0 || to >= ids.length) return;
    const next = [...ids];
    [next[at], next[to]] = [next[to], next[at]];
    onChange?.(next);
  };
  const removeItem = (f: Item) => {
    setItems((prev) => prev.filter((p) => p.uid !== f.uid));
    if (f.fileId) onChange?.(many ? ids.filter((x) => x !== f.fileId) : null);
    report(undefined);
  };

  return (
    <div data-testid={testId} id={props.id} className="resource-file-field">
      <Upload.Dragger
        name="file"
        action={`${API_BASE}/${code}/upload?field=${encodeURIComponent(field.key)}${props.rowId !== undefined ? `&id=${props.rowId}` : ''}`}
        headers={authHeaders()}
        accept={exts.join(',')}
        multiple={many}
        maxCount={many ? rules.max : undefined}
        disabled={disabled}
        listType={gallery ? 'picture-card' : pictures ? 'picture' : 'text'}
        className={gallery ? 'resource-gallery' : undefined}
        itemRender={
          gallery
            ? (_origin, f) => (
                <GalleryCard
                  code={code}
                  item={f as Item}
                  info={infos?.find((x) => x.id === (f as Item).fileId)}
                  index={ids.indexOf((f as Item).fileId ?? -1)}
                  count={ids.length}
                  disabled={disabled}
                  onPreview={() => void openPreview(f as Item)}
                  onMove={(by) => (f as Item).fileId && move((f as Item).fileId!, by)}
                  onRemove={() => removeItem(f as Item)}
                />
              )
            : undefined
        }
        fileList={items}
        beforeUpload={beforeUpload}
        onChange={onUploadChange}
        showUploadList={{ showPreviewIcon: true, showDownloadIcon: true, showRemoveIcon: !disabled }}
        onPreview={(f) => void openPreview(f as Item)}
        onDownload={(f) => {
          const id = (f as Item).fileId;
          if (id) void request(`/${code}/file`, { params: { id } });
        }}
        onRemove={(f) => {
          removeItem(f as Item);
          return true;
        }}
        iconRender={(f) => {
          const id = (f as Item).fileId;
          const info = id ? infos?.find((x) => x.id === id) : undefined;
          if (info && (info.kind === 'mp4' || info.kind === 'webm')) return <PlayCircleOutlined className="resource-file-play" />;
          return info ? <FileThumb code={code} file={info} size={40} /> : <PaperClipOutlined />;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t(many ? 'files.dropMany' : 'files.drop')}</p>
        <p className="ant-upload-hint">{hint}</p>
      </Upload.Dragger>
      {problem && (
        <div className="ant-form-item-explain-error resource-file-error" role="alert" data-testid={props.errorTestId ?? `${testId}-error`}>
          {problem}
        </div>
      )}
      <Modal
        open={!!preview}
        title={preview?.name}
        footer={null}
        onCancel={() => setPreview(undefined)}
        afterClose={() => {
          // the closed preview's picture or video is let go (the last one shown, kept while the modal faded)
          if (shownPreview.current) URL.revokeObjectURL(shownPreview.current);
          shownPreview.current = undefined;
        }}
        width={720}
        destroyOnHidden
      >
        {preview?.video && (
          // biome-ignore lint/a11y/useMediaCaption: a goods video has no captions to offer
          <video src={preview.src} controls autoPlay className="resource-file-video" data-testid="file-video-preview" />
        )}
        {preview && !preview.video && <Image src={preview.src} alt={preview.name} preview={false} style={{ maxWidth: '100%' }} />}
      </Modal>
    </div>
  );
}

/** One picture of a gallery: its thumbnail (the first one marked as the cover), preview, move left or right, remove. */
function GalleryCard(props: {
  code: string;
  item: Item;
  info?: FileInfo;
  index: number;
  count: number;
  disabled?: boolean;
  onPreview: () => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { item, info, index, count, disabled } = props;
  const failed = item.status === 'error';
  const card = (
    <div
      className={`resource-gallery-card${failed ? ' is-error' : ''}`}
      data-testid="gallery-card"
      data-file-id={item.fileId ?? ''}
      title={item.name}
    >
      {item.status === 'uploading' ? (
        <span className="resource-gallery-busy">
          <LoadingOutlined />
          <small>{Math.round(item.percent ?? 0)}%</small>
        </span>
      ) : info ? (
        <button type="button" className="resource-gallery-open" onClick={props.onPreview} aria-label={t('files.preview')}>
          <FileThumb code={props.code} file={info} size={96} />
        </button>
      ) : (
        <PaperClipOutlined className="resource-gallery-clip" />
      )}
      {index === 0 && count > 1 && <span className="resource-gallery-cover">{t('files.gallery.cover')}</span>}
      {item.status !== 'uploading' && (
        <span className="resource-gallery-actions">
          {info && (
            <Tooltip title={t('files.preview')}>
              <button type="button" onClick={props.onPreview} aria-label={t('files.preview')} data-testid="gallery-preview">
                <EyeOutlined />
              </button>
            </Tooltip>
          )}
          {!disabled && index > 0 && (
            <Tooltip title={t('files.gallery.moveLeft')}>
              <button type="button" onClick={() => props.onMove(-1)} aria-label={t('files.gallery.moveLeft')} data-testid="gallery-left">
                <LeftOutlined />
              </button>
            </Tooltip>
          )}
          {!disabled && index >= 0 && index < count - 1 && (
            <Tooltip title={t('files.gallery.moveRight')}>
              <button type="button" onClick={() => props.onMove(1)} aria-label={t('files.gallery.moveRight')} data-testid="gallery-right">
                <RightOutlined />
              </button>
            </Tooltip>
          )}
          {!disabled && (
            <Tooltip title={t('files.remove')}>
              <button type="button" onClick={props.onRemove} aria-label={t('files.remove')} data-testid="gallery-remove">
                <DeleteOutlined />
              </button>
            </Tooltip>
          )}
        </span>
      )}
    </div>
  );
  return failed ? <Tooltip title={String(item.response ?? '')}>{card}</Tooltip> : card;
}
