/**
 * After signing in with a password an administrator set (created or reset), the user must choose
 * a new one before anything else: this dialog cannot be closed, only the password changed or the
 * user signed out. The server refuses every other call of that session (PASSWORD_CHANGE_REQUIRED),
 * so it lives on the login page (loaded only when needed, outside the /login bundle).
 */
import { ChangePasswordModal } from '../../app/layout/ChangePasswordModal';
import { useUserStore } from '../../app/stores/user';

export default function ForcedPasswordChange({ onChanged }: { onChanged: (newPassword: string) => Promise<void> }) {
  const signOut = () => void useUserStore.getState().logout();
  return <ChangePasswordModal open onClose={signOut} forced={{ onSignOut: signOut, onChanged }} />;
}
