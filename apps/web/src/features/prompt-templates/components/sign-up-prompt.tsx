import { MESSAGES } from '@parallax/contract';
import { UserPlus } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';

/**
 * The spec's sign-up modal, opened by an action a visitor cannot take (saving, copying,
 * favouriting). Cancel only closes it: the public library stays open to browse and use.
 */
export function SignUpPrompt({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const from = { pathname, search, hash };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      showClose={false}
      title={MESSAGES.signUpModalTitle}
      description={MESSAGES.signUpModalText}
    >
      <div className="mt-6 flex flex-col gap-2">
        <Button size="lg" onClick={() => void navigate('/signup', { state: { from } })}>
          <UserPlus className="size-4" aria-hidden /> Sign Up
        </Button>
        <Button
          variant="outline"
          size="lg"
          onClick={() => void navigate('/login', { state: { from } })}
        >
          {MESSAGES.signUpModalLogIn}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}
