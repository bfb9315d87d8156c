import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRole } from '@parallax/contract';
import { SecretBox } from '../../infra/secret-box';
import { AccountAdminService } from './account-admin.service';
import { AccountsRepository } from './accounts.repository';
import { AuthService, LOGIN_THROTTLE } from './auth.service';
import { CredentialsRepository } from './credentials.repository';
import { OauthRepository } from './oauth/oauth.repository';
import { OAuthService } from './oauth/oauth.service';
import { PasswordsService } from './passwords.service';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { SignInService } from './sign-in.service';
import { Throttle } from './throttle';
import { ThrottlesRepository } from './throttles.repository';
import { TwoFactorChallenges, type TwoFactorFlag } from './two-factor/two-factor-challenges';
import { TwoFactorRepository } from './two-factor/two-factor.repository';
import { TwoFactorService } from './two-factor/two-factor.service';

export interface AuthServices {
  auth: AuthService;
  passwords: PasswordsService;
  sessions: SessionsService;
  oauth: OAuthService;
  twoFactor: TwoFactorService;
  /** What the admin console changes of an account. */
  accountAdmin: AccountAdminService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts, sessions, passwords, OAuth and two-factor: built once per app. */
    readonly auth: AuthServices;
  }
}

/** Sign-in consults the two_factor and OAuth flags and claims the visitor's chats. */
export const authPlugin = fp(
  async (app) => {
    app.decorate('auth', buildAuthServices(app));
  },
  {
    name: 'auth',
    dependencies: ['feature-flags'],
    decorators: { fastify: ['accessTokens', 'visitors', 'sendMailInBackground', 'realtime'] },
  },
);

function buildAuthServices(app: FastifyInstance): AuthServices {
  const accounts = new AccountsRepository(app.db);
  const credentials = new CredentialsRepository(app.db);
  const throttles = new ThrottlesRepository(app.db);
  const roleOf = async (userId: string): Promise<UserRole | null> => {
    const user = await accounts.findById(userId);
    if (user === undefined || user.disabled_at !== null) return null;
    return user.role === 'admin' ? 'admin' : 'user';
  };
  const { realtime } = app;
  const sessions = new SessionsService(
    new SessionsRepository(app.db),
    app.accessTokens,
    roleOf,
    (userId, sessionIds) => realtime.endSessions(userId, sessionIds),
  );
  const twoFactorRepository = new TwoFactorRepository(app.db);
  const twoFactorOn: TwoFactorFlag = () => app.featureFlags.isOn('two_factor');
  const signIn = new SignInService(
    accounts,
    sessions,
    app.visitors,
    app.config.adminEmails,
    new TwoFactorChallenges(twoFactorRepository, twoFactorOn),
    app.config.supportEmail,
  );
  const sendMail = app.sendMailInBackground.bind(app);
  const auth = new AuthService({
    accounts,
    credentials,
    throttles,
    signIn,
    sendMail,
    appUrl: app.config.appUrl,
    codeKey: app.config.jwtSecret,
  });
  const passwords = new PasswordsService({
    accounts,
    credentials,
    throttles,
    sessions,
    loginThrottle: auth.loginThrottle,
    sendMail,
    appUrl: app.config.appUrl,
  });
  const oauth = new OAuthService(
    app.config,
    accounts,
    new OauthRepository(app.db),
    signIn,
    app.featureFlags,
  );
  const twoFactor = new TwoFactorService({
    repository: twoFactorRepository,
    accounts,
    signIn,
    box: new SecretBox(app.config.settingsKey),
    codeKey: app.config.jwtSecret,
    codeThrottle: new Throttle(throttles, LOGIN_THROTTLE),
    loginThrottle: auth.loginThrottle,
  });
  return {
    auth,
    passwords,
    sessions,
    oauth,
    twoFactor,
    accountAdmin: new AccountAdminService(app.db),
  };
}
