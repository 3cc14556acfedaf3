import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../../components/ErrorPage';

export default function Page401() {
  const { t } = useTranslation();
  return <ErrorPage status="403" title="401" subTitle={t('error.noPermission')} />;
}
