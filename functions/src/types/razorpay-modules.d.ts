// The module of the `razorpay` package that lib/razorpay-client.ts builds its client from. The
// package ships types only for its whole client; this describes its orders resource by that
// client's types, made from any API object with the SDK's `get` and `post` of `{ url, data }`.
declare module 'razorpay/dist/resources/orders.js' {
  import type Razorpay from 'razorpay';
  const orders: (api: {
    get(call: { url: string; data?: object }): Promise<unknown>;
    post(call: { url: string; data?: object }): Promise<unknown>;
  }) => Razorpay['orders'];
  export default orders;
}
