export default function AdminPage() {
  return <h1>dashboard</h1>;
}
