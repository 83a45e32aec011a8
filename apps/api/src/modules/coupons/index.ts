/**
 * Public surface of the coupons module: coupons and their redemptions (`coupons`,
 * `coupon_redemptions`). Other modules import only this file.
 *
 * - Coupon on a cart: `setCartCoupon`, `lockCoupon`, `couponRefused`, `CartCoupon` (service.ts).
 * - Rewards and redemptions: `rewardOf`, `cartReward`, `recordRedemption` (service.ts).
 */
export {
  cartReward,
  couponRefused,
  lockCoupon,
  recordRedemption,
  rewardOf,
  setCartCoupon,
  type CartCoupon,
} from './service.ts';
