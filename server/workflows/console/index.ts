/** The operator console's actions: each checks its permission and writes its audit entry with the change. */
export { consoleAction, type ConsoleActor } from "./console-action";
export { createCouponAction, updateCouponAction } from "./coupons";
export { editFraudStatus, revokeSessionOfCustomer } from "./customers";
export { resendConfirmation, shipOrder } from "./orders";
export { refundOrderPayment, type RefundRequest, type RefundOutcome } from "./refunds";
export { previewRefund, type RefundPreview } from "./refund-preview";
export { inviteStaff, requeueEmailAction, setFlagAction } from "./settings";
export { openEmailAction, resendEmailAction, type ResendOutcome, type StaffEmail } from "./emails";
export { decideReferralAction } from "./referrals";
export { cancelSubscriptionAction, chargeRenewalNowAction, pauseSubscriptionAction, skipNextAction } from "./subscriptions";
export { publishPageAction, restorePageVersionAction, type PublishOutcome } from "./content";
export { changeExperimentAction, createExperimentAction, setExperimentStateAction } from "./experiments";
export { eraseCustomerAction, exportCustomerDataAction, recordDeletionRequestAction } from "./privacy";
export { setImageAltAction, uploadImageAction } from "./media";
export { saveProductProfileAction } from "./product-profiles";
export { moderateReviewAction } from "./reviews";
export { cancelScheduleAction, publishDueSchedules, schedulePublishAction, type DuePublishOutcome } from "./content-schedule";
