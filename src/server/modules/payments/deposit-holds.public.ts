// The card deposit hold's jobs, for the server's job list (docs/decisions.md, "Card holds").
export { depositHoldHandlers } from './deposit-holds';
export { guaranteeHandlers } from './guarantee-charge';
export { deadlineLadderHandler } from './deadline-ladder';
export { guaranteeRefundHandler } from './guarantee-repay';
export { shareSurplusRefundHandler } from './share-surplus';
