export * from './auth.js';
export * from './app-config.js';
export * from './categories.js';
export * from './envelope.js';
export * from './pricing.js';
export * from './product.js';
export * from './username.js';
