import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '../parse-time';
import { useUserStore } from '../stores/user';

/** Welcome text and a ticking clock in the default date format. */
export function Clock() {
  const { t } = useTranslation();
  const user = useUserStore((s) => s.user);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(id);
  }, []);
  return (
    <div className="clock" data-testid="clock">
      <span>{t('navbar.welcome', { name: user?.username ?? '' })}</span>
      <span className="time">{parseTime(now)}</span>
    </div>
  );
}
