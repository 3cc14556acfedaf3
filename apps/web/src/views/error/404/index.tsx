import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../../components/ErrorPage';

export default function Page404() {
  const { t } = useTranslation();
  return <ErrorPage status="404" title="404" subTitle={t('error.notFound')} />;
}
