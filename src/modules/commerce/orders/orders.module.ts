import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { PrismaService } from '../../../platform/database/prisma.service';
import { PricingModule } from '../../catalogue/pricing';
import { ProductsModule } from '../products';
import { ConfirmPaymentHandler } from './commands/confirm-payment/confirm-payment.handler';
import { PlaceOrderHandler } from './commands/place-order/place-order.handler';
import { RefundSalesOrderHandler } from './commands/refund-sales-order/refund-sales-order.handler';
import { RedeemSalesOrderHandler } from './commands/redeem-sales-order/redeem-sales-order.handler';
import { CheckoutController } from './http/checkout.controller';
import { PaymentsController } from './http/payments.controller';
import { SalesOrdersController } from './http/sales-orders.controller';
import { OrderExpiryJob } from './jobs/order-expiry.job';
import { PaymentReconciliationJob } from './jobs/payment-reconciliation.job';
import { OrderMailsConsumer } from './order-mails.consumer';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payments/payment-gateway';
import { SimulatorController } from './payments/simulator/simulator.controller';
import { SimulatorGateway } from './payments/simulator/simulator-gateway';
import { WebpayGateway } from './payments/webpay/webpay-gateway';
import { GetSalesOrderHandler } from './queries/get-sales-order/get-sales-order.query';
import { ListShippingMethodsHandler } from './queries/list-shipping-methods/list-shipping-methods.query';
import { SearchSalesOrdersHandler } from './queries/search-sales-orders/search-sales-orders.query';
import { BUYER_ACCOUNTS } from './domain/buyer-accounts';
import { ORDER_PRICING } from './domain/order-pricing';
import { PAYMENT_REPOSITORY } from './domain/payment.repository';
import { REFUND_REPOSITORY } from './domain/refund.repository';
import { SALES_ORDER_REPOSITORY } from './domain/sales-order.repository';
import { CatalogueOrderPricing } from './infrastructure/catalogue-order-pricing';
import { PrismaBuyerAccounts } from './infrastructure/prisma-buyer-accounts';
import { PrismaPaymentRepository } from './infrastructure/prisma-payment.repository';
import { PrismaRefundRepository } from './infrastructure/prisma-refund.repository';
import { PrismaSalesOrderRepository } from './infrastructure/prisma-sales-order.repository';

/** Checkout, payments (Webpay Plus or the simulator, by PAYMENT_GATEWAY), sales orders and their vouchers. */
@Module({
  // Checkout locks the prices the catalogue's pricing and the products read now.
  imports: [ProductsModule, PricingModule],
  controllers: [CheckoutController, PaymentsController, SimulatorController, SalesOrdersController],
  providers: [
    {
      provide: PAYMENT_GATEWAY,
      inject: [APP_CONFIG, PrismaService],
      useFactory: (config: AppConfig, prisma: PrismaService): PaymentGateway =>
        config.payments.gateway === 'webpay' ? new WebpayGateway(config.payments.webpay) : new SimulatorGateway(prisma),
    },
    { provide: SALES_ORDER_REPOSITORY, useClass: PrismaSalesOrderRepository },
    { provide: PAYMENT_REPOSITORY, useClass: PrismaPaymentRepository },
    { provide: REFUND_REPOSITORY, useClass: PrismaRefundRepository },
    { provide: ORDER_PRICING, useClass: CatalogueOrderPricing },
    { provide: BUYER_ACCOUNTS, useClass: PrismaBuyerAccounts },
    PlaceOrderHandler, ConfirmPaymentHandler, RedeemSalesOrderHandler, RefundSalesOrderHandler,
    GetSalesOrderHandler, SearchSalesOrdersHandler, ListShippingMethodsHandler,
    OrderMailsConsumer, OrderExpiryJob, PaymentReconciliationJob,
  ],
})
export class OrdersModule {}
