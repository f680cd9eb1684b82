// What other features may use of this one; its other files are its own.
export { AccountPlan } from './components/account-plan';
export { useBilling } from './api/get-billing';
