import { TrashIcon } from '../../components/icons.tsx';
import { useState, type FormEvent } from 'react';
import { confirmDialog } from '../../components/confirm.tsx';
import { PasswordField } from '../../components/password-input.tsx';
import { TextField } from '../../components/text-field.tsx';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { AdminHeader } from './admin-header.tsx';
import { useAdmins, useCreateAdmin, useDeleteAdmin } from './api/admins.ts';
import { dayMonthYear } from './format.ts';

/** `/AdminUserList`: create and remove admin accounts. */
export function AdminUsersPage() {
  const admins = useAdmins();
  const create = useCreateAdmin();
  const deleteAdmin = useDeleteAdmin();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  async function remove(id: string) {
    if (!(await confirmDialog('Are you sure you want to delete?'))) return;
    try {
      toast.success((await deleteAdmin.mutateAsync(id)).message);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to delete the admin. Please try again.'));
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate(
      { name, email, password },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          setName('');
          setEmail('');
          setPassword('');
        },
        onError: (err) =>
          toast.error(errorMessage(err, 'An error occurred while adding the admin.')),
      },
    );
  }

  return (
    <>
      <AdminHeader />
      <main className="admin-main">
        <section className="card">
          <h1>Add New Admin</h1>
          <form onSubmit={submit} className="form grid-form">
            <TextField id="admin-name" label="Name" required value={name} onChange={setName} />
            <TextField
              id="admin-new-email"
              label="Email"
              type="email"
              required
              value={email}
              onChange={setEmail}
            />
            <PasswordField
              id="admin-new-password"
              value={password}
              onChange={setPassword}
              autoComplete="new-password"
            />
            <div className="form-actions">
              <button type="submit" className="btn btn-primary" disabled={create.isPending}>
                Add Admin
              </button>
            </div>
          </form>
        </section>
        <section className="card">
          <h2>Admins</h2>
          {admins.isLoading ? (
            <p>Loading...</p>
          ) : !admins.data?.length ? (
            <p className="empty">No data available.</p>
          ) : (
            <div className="table-wrap">
              <table className="stack-on-phone">
                <thead>
                  <tr>
                    <th>Name</th>
                    <th>Email</th>
                    <th>Created At</th>
                    <th>Delete</th>
                  </tr>
                </thead>
                <tbody>
                  {admins.data.map((a) => (
                    <tr key={a.admin_id}>
                      <td data-label="Name">{a.name.toUpperCase()}</td>
                      <td data-label="Email">{a.email}</td>
                      <td data-label="Created At">{dayMonthYear(a.created_at)}</td>
                      <td data-label="Delete">
                        <button
                          type="button"
                          className="icon-btn danger"
                          aria-label={`Delete ${a.email}`}
                          onClick={() => remove(a.admin_id)}
                        >
                          <TrashIcon />
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </main>
    </>
  );
}
