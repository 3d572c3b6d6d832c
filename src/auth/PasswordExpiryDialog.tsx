import { Button, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { STORAGE } from '../../engine/data/session';
import { decode, expirePasswordSession, isPasswordExpired, type LoginClaims } from './tokens';

/** The blocking 'Update Your Password' dialog, shown when pwd_exp is today or earlier (spec 000 section 2.2). */
export function PasswordExpiryDialog() {
  const navigate = useNavigate();
  const claims = decode<LoginClaims>(localStorage.getItem(STORAGE.token));
  if (!isPasswordExpired(claims?.pwd_exp)) return null;
  return (
    <Modal
      open
      title="Update Your Password"
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button
          type="primary"
          onClick={() => {
            expirePasswordSession();
            navigate('/login?block=change-password');
          }}
        >
          Update Password
        </Button>
      }
    >
      <p>Your password has expired. Update it to continue using the console.</p>
    </Modal>
  );
}
