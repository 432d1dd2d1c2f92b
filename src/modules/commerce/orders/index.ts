export { OrdersModule } from './orders.module';
export * from './orders.events';
export * from './orders.errors';
export { OrderExpiryJob } from './jobs/order-expiry.job';
export { PaymentReconciliationJob } from './jobs/payment-reconciliation.job';
export { PAYMENT_GATEWAY, type PaymentGateway, type GatewayCommit } from './payments/payment-gateway';
