export * from './routes';
export * from './constants';
export * from './errors';
export * from './schemas';
