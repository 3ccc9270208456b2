export * from './auth';
export * from './profiles';
export * from './registrations';
export * from './subscriptions';
export * from './study-sessions';
export * from './results';
export * from './materials';
