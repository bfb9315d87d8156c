export * from './common';
export * from './auth';
export * from './users';
export * from './models';
export * from './conversations';
export * from './messages';
export * from './logging';
export * from './websocket';
