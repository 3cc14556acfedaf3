/** /login (password login and the single sign-on entry/callback) and /loginDefault (default login). */
import {
  EyeInvisibleOutlined,
  EyeOutlined,
  LoadingOutlined,
  LockOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Divider, theme } from 'antd';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useMessage } from '../../app/bridge';
import { currentLang } from '../../app/i18n';
import { fetchData, RequestError, request } from '../../app/request';
import { useUserStore } from '../../app/stores/user';
import { LIMITS, LOGIN_TYPE } from '../../domain';
import { LoginLangSwitch } from './LoginLangSwitch';
import './login.css';

/** antd's form and modal stay out of the /login bundle: loaded only for a forced password change */
const ForcedPasswordChange = lazy(() => import('./ForcedPasswordChange'));

interface LoginData {
  token: string;
  remark?: string;
  userCode: string;
  username: string;
  userType: number;
  mustChangePassword?: boolean;
}

export default function Login({ isDefault = false }: { isDefault?: boolean }) {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const signIn = useUserStore((s) => s.signIn);
  const pendingChange = useUserStore((s) => s.pendingPasswordChange);
  const [loading, setLoading] = useState(false);
  const [values, setValues] = useState({ username: '', password: '' });
  const [showPassword, setShowPassword] = useState(false);
  const { token } = theme.useToken();
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const ssoStarted = useRef(false);
  const redirect = params.get('redirect') || '/';

  const { data: sso } = useQuery({
    queryKey: ['ssoConfig'],
    queryFn: () => fetchData<{ enabled: boolean; startUrl: string }>('/user/ssoConfig', { silent: true }),
    enabled: !isDefault,
    staleTime: Number.POSITIVE_INFINITY,
  });

  // the identity provider sends the browser back to /login?code=...&state=...
  useEffect(() => {
    if (isDefault || !params.get('code') || ssoStarted.current) return;
    ssoStarted.current = true;
    setLoading(true);
    request<LoginData>(`/user/ssoLogin${location.search}`, { silent: true })
      .then((res) => {
        signIn(
          res.data.remark ?? res.data.token,
          { userCode: res.data.userCode, username: res.data.username, userType: res.data.userType },
          LOGIN_TYPE.SSO,
        );
        navigate('/', { replace: true });
      })
      .catch((err: RequestError) => {
        if (err.kind === 'business') message.error(err.message);
        navigate('/login', { replace: true });
      })
      .finally(() => setLoading(false));
  }, [isDefault, params, location.search, signIn, navigate, message]);

  // plain inputs instead of antd Form keep the /login bundle small
  const validate = () => {
    const next: typeof errors = {};
    const name = values.username.trim();
    if (!name) next.username = t('login.usernameRequired');
    else if (name.length < LIMITS.userNameMin) next.username = t('login.usernameMin', { min: LIMITS.userNameMin });
    if (!values.password) next.password = t('login.passwordRequired');
    else if (values.password.length < LIMITS.passwordMin) next.password = t('login.passwordMin', { min: LIMITS.passwordMin });
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const passwordLogin = (username: string, password: string) =>
    request<LoginData>('/user/login', {
      method: 'POST',
      params: { langeType: currentLang() },
      data: { username, password },
      silent: true,
    });

  const enter = (res: Awaited<ReturnType<typeof passwordLogin>>) => {
    const user = { userCode: res.data.userCode, username: res.data.username, userType: res.data.userType };
    // a password an administrator set: the session may only change it, here, before the console opens
    if (res.data.mustChangePassword) {
      useUserStore.getState().holdForPasswordChange(res.data.token, user);
      return;
    }
    signIn(res.data.token, user, LOGIN_TYPE.PASSWORD);
    message.success(res.msg);
    navigate(redirect, { replace: true });
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!validate()) return;
    setLoading(true);
    try {
      enter(await passwordLogin(values.username.trim(), values.password));
    } catch (err) {
      if (err instanceof RequestError && err.kind === 'business') message.error(err.message);
    } finally {
      setLoading(false);
    }
  };

  /** The initial password is changed (every session of the user ended): sign in with the new one. */
  const afterForcedChange = async (newPassword: string) => {
    const name = useUserStore.getState().user?.username ?? values.username.trim();
    useUserStore.getState().clearLocal();
    enter(await passwordLogin(name, newPassword));
  };

  return (
    <div className="login-page">
      <LoginLangSwitch />
      <div className="login-card">
        <div className="login-brand">
          <img src="/favicon.svg" alt="" className="login-logo" />
          <div>
            <h1 className="login-title">{t('app.name')}</h1>
            <p className="login-subtitle">{isDefault ? t('login.defaultTitle') : t('login.title')}</p>
          </div>
        </div>
        {/* native controls styled like antd's: antd Input/Button would pull form and colour-picker code into /login */}
        <form onSubmit={onSubmit} noValidate className="login-form" style={{ ['--primary' as string]: token.colorPrimary }}>
          <div className="login-field">
            <label className={`login-input ${errors.username ? 'error' : ''}`}>
              <UserOutlined />
              <input
                placeholder={t('login.username')}
                aria-label={t('login.username')}
                autoComplete="username"
                value={values.username}
                onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))}
                data-testid="login-username"
              />
            </label>
            <div className="login-error">{errors.username}</div>
          </div>
          <div className="login-field">
            <label className={`login-input ${errors.password ? 'error' : ''}`}>
              <LockOutlined />
              <input
                type={showPassword ? 'text' : 'password'}
                placeholder={t('login.password')}
                aria-label={t('login.password')}
                autoComplete="current-password"
                value={values.password}
                onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
                data-testid="login-password"
              />
              <button type="button" className="login-eye" onClick={() => setShowPassword((x) => !x)} aria-label={t('login.showPassword')}>
                {showPassword ? <EyeOutlined /> : <EyeInvisibleOutlined />}
              </button>
            </label>
            <div className="login-error">{errors.password}</div>
          </div>
          <button type="submit" className="login-submit" disabled={loading} data-testid="login-submit">
            {loading && <LoadingOutlined />} {t('login.submit')}
          </button>
        </form>
        {!isDefault && sso?.enabled && (
          <>
            <Divider plain>{t('login.or')}</Divider>
            <a className="login-sso" href={sso.startUrl} data-testid="login-sso">
              <SafetyCertificateOutlined /> {t('login.sso')}
            </a>
          </>
        )}
      </div>
      <div className="login-footer">{t('login.footer')}</div>
      {pendingChange && (
        <Suspense fallback={null}>
          <ForcedPasswordChange onChanged={afterForcedChange} />
        </Suspense>
      )}
    </div>
  );
}
