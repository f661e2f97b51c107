import type Razorpay from 'razorpay';
import RazorpayApi from 'razorpay/dist/api.js';
import orders from 'razorpay/dist/resources/orders.js';
import payments from 'razorpay/dist/resources/payments.js';
import refunds from 'razorpay/dist/resources/refunds.js';
import razorpayPackage from 'razorpay/package.json' with { type: 'json' };

/** The resources of Razorpay's API the product calls: orders, payments and refunds. */
export type RazorpayClient = Pick<Razorpay, 'api' | 'orders' | 'payments' | 'refunds'>;

/**
 * Razorpay's own Node SDK, built from its own modules the way its constructor builds it (one
 * `API` on https://api.razorpay.com with Basic auth of the key pair and the SDK's user agent,
 * each resource made from that API), but with only the resources the product calls. The
 * constructor of `razorpay` creates all 24 of its resources, so a bundle of it carries every one
 * (about 40 KB minified). The unit test of the bundled payments function
 * (scripts/src/bench/razorpay-bundle.test.ts) runs this client against a stand-in Razorpay.
 */
export function razorpayClient(keyId: string, keySecret: string): RazorpayClient {
  const api = new RazorpayApi({
    hostUrl: 'https://api.razorpay.com',
    ua: `razorpay-node@${razorpayPackage.version}`,
    key_id: keyId,
    key_secret: keySecret,
  });
  return { api, orders: orders(api), payments: payments(api), refunds: refunds(api) };
}
