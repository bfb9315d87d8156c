import { MESSAGES } from '@parallax/contract';
import { UserPlus } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';

/** The spec §2 modal over a guarded page for visitors. Every way out leaves the page. */
export function SignUpModal() {
  const navigate = useNavigate();
  const location = useLocation();
  const { pathname, search, hash } = location;
  const goHome = () => void navigate('/');
  return (
    <Modal
      open
      onOpenChange={(open) => !open && goHome()}
      onBackdropClick={goHome}
      showClose={false}
      title={MESSAGES.signUpModalTitle}
      description={MESSAGES.signUpModalText}
    >
      <div className="mt-6 flex flex-col gap-2">
        <Button
          size="lg"
          onClick={() => void navigate('/signup', { state: { from: { pathname, search, hash } } })}
        >
          <UserPlus className="size-4" aria-hidden /> Sign Up
        </Button>
        <Button
          variant="outline"
          size="lg"
          onClick={() => void navigate('/login', { state: { from: { pathname, search, hash } } })}
        >
          {MESSAGES.signUpModalLogIn}
        </Button>
        <Button variant="ghost" onClick={goHome}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}
