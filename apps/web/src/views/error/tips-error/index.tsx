import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorPage } from '../../../components/ErrorPage';

/** Shows the failure message the request layer passed as ?message=. */
export default function TipsError() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return <ErrorPage status="warning" title={t('error.tipsTitle')} subTitle={params.get('message') || t('request.network')} />;
}
