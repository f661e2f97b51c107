// The modules of the `razorpay` package that lib/razorpay-client.ts builds its client from. The
// package ships types only for its whole client; these describe its parts by that client's types.
declare module 'razorpay/dist/api.js' {
  import type Razorpay from 'razorpay';
  const RazorpayApi: new (options: {
    hostUrl: string;
    ua: string;
    key_id?: string;
    key_secret?: string;
  }) => Razorpay['api'];
  export default RazorpayApi;
}
declare module 'razorpay/dist/resources/orders.js' {
  import type Razorpay from 'razorpay';
  const orders: (api: Razorpay['api']) => Razorpay['orders'];
  export default orders;
}
declare module 'razorpay/dist/resources/payments.js' {
  import type Razorpay from 'razorpay';
  const payments: (api: Razorpay['api']) => Razorpay['payments'];
  export default payments;
}
declare module 'razorpay/dist/resources/refunds.js' {
  import type Razorpay from 'razorpay';
  const refunds: (api: Razorpay['api']) => Razorpay['refunds'];
  export default refunds;
}
