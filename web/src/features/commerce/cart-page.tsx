import { Link, useSearchParams } from 'react-router-dom';
import type { CartItem, OrderAnswer } from '@gia/shared';
import { DEFAULT_IMAGE } from '../../components/catalogue-ui.tsx';
import { TrashIcon } from '../../components/icons.tsx';
import { Modal, ModalActions } from '../../components/modal.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { rupee } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { links } from '../../lib/links.ts';
import { PriceDetails } from './price-details.tsx';
import { useCart } from './use-cart.ts';

/** The built-in test gateway's checkout (local stack only), in place of Razorpay's widget. */
function LocalCheckout({
  order,
  onPay,
  onCancel,
}: {
  order: OrderAnswer;
  onPay(): void;
  onCancel(): void;
}) {
  const t = useT();
  return (
    <Modal label={t('cart.testCheckout')}>
      <h2>{t('cart.testCheckout')}</h2>
      <p>{t('cart.testGateway')}</p>
      <p className="price">{t('cart.amount', { amount: rupee(order.amount / 100) })}</p>
      <ModalActions
        primary={t('cart.pay')}
        onPrimary={onPay}
        secondary={t('cart.cancel')}
        onSecondary={onCancel}
      />
    </Modal>
  );
}

/** One subject in the cart, with its price and a button to take it out. */
function CartRow({ item, onRemove }: { item: CartItem; onRemove(): void }) {
  const t = useT();
  return (
    <li className="card cart-item">
      <img src={item.subject_image_url || DEFAULT_IMAGE} alt="" width={120} height={68} />
      <div className="cart-item-info">
        <h3>{item.subject_name}</h3>
        <p className="muted small">
          {item.board_name} · {item.class_name}
        </p>
      </div>
      <span className="price">{rupee(item.subject_price)}</span>
      <button
        type="button"
        className="icon-btn danger"
        aria-label={t('cart.remove', { subject: item.subject_name })}
        onClick={onRemove}
      >
        <TrashIcon />
      </button>
    </li>
  );
}

/** `/CartScreen`: 'My Cart', price details and checkout. */
export function CartPage() {
  const t = useT();
  const [params] = useSearchParams();
  const cart = useCart();
  return (
    <>
      <PageHeading title={t('cart.title')} />
      {params.get('payment') === 'success' && (
        <p className="notice" role="status">
          {t('cart.paid')}
        </p>
      )}
      <QueryState
        query={cart.cart}
        what={t('cart.what')}
        skeleton="list"
        skeletonCount={2}
        isEmpty={(d) => !d.data.length}
        empty={
          <section className="empty cart-empty">
            <p>{t('cart.empty')}</p>
            <p className="muted">{t('cart.emptyHint')}</p>
            <Link to={links.boards()} className="btn btn-primary">
              {t('cart.addSubjects')}
            </Link>
          </section>
        }
      >
        {(data) => (
          <div className="cart-layout">
            <ul className="cart-items">
              {cart.items.map((item) => (
                <CartRow key={item.cart_id} item={item} onRemove={() => cart.remove(item)} />
              ))}
            </ul>
            <PriceDetails
              count={cart.items.length}
              cart={data}
              checkingOut={cart.checkingOut}
              onCheckout={cart.checkout}
            />
          </div>
        )}
      </QueryState>
      {cart.localOrder && (
        <LocalCheckout
          order={cart.localOrder}
          onCancel={cart.cancelLocalOrder}
          onPay={cart.payLocalOrder}
        />
      )}
    </>
  );
}
