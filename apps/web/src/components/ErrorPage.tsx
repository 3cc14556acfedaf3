import { Button, Result } from 'antd';
import type { ResultStatusType } from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Full-page error used by /401, /404 and /TipsError. */
export function ErrorPage({ status, title, subTitle }: { status: ResultStatusType; title: string; subTitle: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#fff' }}>
      <Result
        status={status}
        title={title}
        subTitle={<span data-testid="error-subtitle">{subTitle}</span>}
        extra={[
          <Button key="back" onClick={() => navigate(-1)}>
            {t('error.back')}
          </Button>,
          <Button key="home" type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('error.home')}
          </Button>,
        ]}
      />
    </div>
  );
}
