/**
 * tenant/training-doc: the generic page over the training documents (add with one pdf, delete),
 * with each row's Preview (the pdf in the browser's viewer, in a new tab) and Download, both with
 * the screen's Download button. The file routes need the session's token header, so the preview is
 * fetched and shown from a blob: URL.
 */
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { CUSTOM_RESOURCES } from '@tagloom/domain/resources/index.ts';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { getLoginType, getToken } from '../../../app/auth';
import { useMessage } from '../../../app/bridge';
import { currentLang } from '../../../app/i18n';
import { BLOB_URL_TTL_MS, request } from '../../../app/request';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import type { Row } from '../../../components/resource/types';
import { useScreen } from '../../../components/ScreenContext';
import { API_BASE } from '../../../domain';

const CODE = 'tenant/training-doc';
const def = CUSTOM_RESOURCES.find((r) => r.code === CODE)!;

/** The pdf as a blob: URL (the route wants the token header; a plain link cannot send it). */
async function pdfUrl(fileId: number): Promise<string> {
  const token = getToken();
  const headers: Record<string, string> = token ? { token, loginType: getLoginType() ?? '1', langeType: currentLang() } : {};
  const res = await fetch(`${API_BASE}/${CODE}/preview?id=${fileId}`, { headers });
  if (!res.ok || !(res.headers.get('content-type') ?? '').includes('application/pdf')) throw new Error(`HTTP ${res.status}`);
  return URL.createObjectURL(await res.blob());
}

export default function TrainingDocs() {
  const { t } = useTranslation();
  const message = useMessage();
  const screen = useScreen();
  const mayOpen = screen.actions.includes('download');

  const preview = async (row: Row) => {
    // the tab is opened on the click (a popup blocker lets it through), then given the pdf
    const tab = window.open('', '_blank');
    try {
      const url = await pdfUrl(Number(row.fileId));
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      // the viewer keeps its own copy once loaded
      setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_TTL_MS);
    } catch {
      tab?.close();
      message.error(t('trainingDoc.previewFailed'));
    }
  };
  const download = (row: Row) => void request(`/${CODE}/file`, { params: { id: Number(row.fileId) } }).catch(() => undefined);

  return (
    <ResourcePage
      def={def}
      extraRowActions={(row) =>
        mayOpen &&
        !!row.fileId && (
          <>
            <Tooltip title={t('trainingDoc.preview')}>
              <Button
                type="link"
                size="small"
                icon={<EyeOutlined />}
                aria-label={t('trainingDoc.preview')}
                onClick={() => void preview(row)}
                data-testid="training-doc-preview"
              />
            </Tooltip>
            <Tooltip title={t('trainingDoc.download')}>
              <Button
                type="link"
                size="small"
                icon={<DownloadOutlined />}
                aria-label={t('trainingDoc.download')}
                onClick={() => download(row)}
                data-testid="training-doc-download"
              />
            </Tooltip>
          </>
        )
      }
    />
  );
}
