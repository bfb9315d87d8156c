import fp from 'fastify-plugin';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The signed-in user's own account. */
    readonly users: UsersService;
  }
}

export const usersPlugin = fp(
  async (app) => {
    app.decorate('users', new UsersService(new UsersRepository(app.db)));
  },
  { name: 'users' },
);
