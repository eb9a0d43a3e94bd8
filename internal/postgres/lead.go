package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"meridian/internal/site"
)

const leadColumns = `id, first_name, last_name, email, company, job_title, ai_solution_interest, project_details, created_at`

func scanLead(row pgx.Row) (*site.Lead, error) {
	var l site.Lead
	err := row.Scan(&l.ID, &l.FirstName, &l.LastName, &l.Email, &l.Company, &l.JobTitle, &l.AISolutionInterest, &l.ProjectDetails, &l.CreatedAt)
	return &l, err
}

// CreateLead stores a lead; it returns once the lead is committed.
func (db *DB) CreateLead(ctx context.Context, l *site.Lead) (*site.Lead, error) {
	saved, err := scanLead(db.pool.QueryRow(ctx, `INSERT INTO contact_submissions
		(first_name, last_name, email, company, job_title, ai_solution_interest, project_details, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING `+leadColumns,
		l.FirstName, l.LastName, l.Email, l.Company, l.JobTitle, l.AISolutionInterest, l.ProjectDetails, db.now()))
	if err != nil {
		return nil, storeError("create lead", err)
	}
	return saved, nil
}

// FindLeads returns leads newest first.
func (db *DB) FindLeads(ctx context.Context) ([]*site.Lead, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+leadColumns+` FROM contact_submissions ORDER BY created_at DESC, id DESC`)
	if err != nil {
		return nil, storeError("find leads", err)
	}
	leads, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (*site.Lead, error) { return scanLead(r) })
	if err != nil {
		return nil, storeError("find leads", err)
	}
	return leads, nil
}

// CountLeads returns how many leads are stored.
func (db *DB) CountLeads(ctx context.Context) (int, error) {
	var n int
	if err := db.pool.QueryRow(ctx, `SELECT count(*) FROM contact_submissions`).Scan(&n); err != nil {
		return 0, storeError("count leads", err)
	}
	return n, nil
}
