/** Language links on the login page (kept light: no dropdown in the /login bundle). */
import { useLanguages } from '../../components/use-languages';

export function LoginLangSwitch() {
  const { lang, options, switchTo } = useLanguages();
  return (
    <div className="login-lang" data-testid="login-lang">
      {options.map((o) => (
        <button
          key={o.key}
          type="button"
          className={`login-lang-btn ${o.key === lang ? 'active' : ''}`}
          onClick={() => void switchTo(o.key)}
          data-testid={`login-lang-${o.key}`}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
