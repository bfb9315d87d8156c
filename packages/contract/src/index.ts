export * from './routes';
export * from './constants';
export * from './errors';
export * from './parse-json';
export * from './schemas';
export * from './prompt-templates/template-variables';
export * from './math-delimiters';
