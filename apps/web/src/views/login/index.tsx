/** /login (password login and the single sign-on entry/callback) and /loginDefault (default login). */
import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { LIMITS, LOGIN_TYPE } from '@tagloom/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Divider, Form, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { currentLang } from '../../app/i18n';
import { fetchData, RequestError, request } from '../../app/request';
import { useUserStore } from '../../app/stores/user';
import { LangSelect } from '../../components/LangSelect';
import './login.css';

interface LoginData {
  token: string;
  remark?: string;
  userCode: string;
  username: string;
  userType: number;
}

export default function Login({ isDefault = false }: { isDefault?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const signIn = useUserStore((s) => s.signIn);
  const [loading, setLoading] = useState(false);
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

  const onFinish = async (values: { username: string; password: string }) => {
    setLoading(true);
    try {
      const res = await request<LoginData>('/user/login', {
        method: 'POST',
        params: { langeType: currentLang() },
        data: { username: values.username.trim(), password: values.password },
        silent: true,
      });
      signIn(
        res.data.token,
        { userCode: res.data.userCode, username: res.data.username, userType: res.data.userType },
        LOGIN_TYPE.PASSWORD,
      );
      message.success(res.msg);
      navigate(redirect, { replace: true });
    } catch (err) {
      if (err instanceof RequestError && err.kind === 'business') message.error(err.message);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="login-page">
      <div className="login-lang">
        <LangSelect className="login-lang-btn" />
      </div>
      <div className="login-card">
        <div className="login-brand">
          <img src="/favicon.svg" alt="" className="login-logo" />
          <div>
            <h1 className="login-title">{t('app.name')}</h1>
            <p className="login-subtitle">{isDefault ? t('login.defaultTitle') : t('login.title')}</p>
          </div>
        </div>
        <Form layout="vertical" size="large" onFinish={onFinish} requiredMark={false} autoComplete="on">
          <Form.Item
            name="username"
            rules={[
              { required: true, whitespace: true, message: t('login.usernameRequired') },
              { min: LIMITS.userNameMin, message: t('login.usernameMin', { min: LIMITS.userNameMin }) },
            ]}
          >
            <Input prefix={<UserOutlined />} placeholder={t('login.username')} autoComplete="username" data-testid="login-username" />
          </Form.Item>
          <Form.Item
            name="password"
            rules={[
              { required: true, message: t('login.passwordRequired') },
              { min: LIMITS.passwordMin, message: t('login.passwordMin', { min: LIMITS.passwordMin }) },
            ]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('login.password')}
              autoComplete="current-password"
              data-testid="login-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={loading} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Form>
        {!isDefault && sso?.enabled && (
          <>
            <Divider plain>{t('login.or')}</Divider>
            <Button block size="large" icon={<SafetyCertificateOutlined />} href={sso.startUrl} data-testid="login-sso">
              {t('login.sso')}
            </Button>
          </>
        )}
      </div>
      <div className="login-footer">{t('login.footer')}</div>
    </div>
  );
}
