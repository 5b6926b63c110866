// What other features use of the shell: the avatar and the keys of the account's cached queries.
export { Avatar } from './components/avatar';
export { PLAN_QUERY_KEY, USAGE_QUERY_KEY } from './hooks/use-account-data';
