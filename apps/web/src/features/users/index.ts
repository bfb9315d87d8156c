// The profile screen is not exported here: the app lazy-loads it with its route group.
export { UserAvatar } from './components/user-avatar';
