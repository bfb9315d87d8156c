import { Link } from 'react-router';
import { buttonClasses } from './button';

/** The way out of every "limit reached" modal: dismiss, sign up (visitors only), or see plans. */
export function LimitModalActions({
  offerSignUp,
  onClose,
}: {
  offerSignUp: boolean;
  onClose: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <button type="button" className={buttonClasses('ghost')} onClick={onClose}>
        Not now
      </button>
      {offerSignUp && (
        <Link to="/signup" className={buttonClasses('outline')} onClick={onClose}>
          Sign up free
        </Link>
      )}
      <Link to="/pricing" className={buttonClasses('primary')} onClick={onClose}>
        See plans
      </Link>
    </div>
  );
}
