package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"meridian/internal/site"
)

const leadColumns = `id, first_name, last_name, email, company, job_title, ai_solution_interest, project_details, created_at`

func scanLead(r rowScanner) (*site.Lead, error) {
	var l site.Lead
	err := r.Scan(&l.ID, &l.FirstName, &l.LastName, &l.Email, &l.Company, &l.JobTitle, &l.AISolutionInterest,
		&l.ProjectDetails, timeValue{&l.CreatedAt})
	return &l, err
}

// CreateLead stores a lead; the commit is synced to disk before it returns.
func (db *DB) CreateLead(ctx context.Context, in *site.Lead) (*site.Lead, error) {
	var out *site.Lead
	err := db.withTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = scanLead(tx.QueryRowContext(ctx, `INSERT INTO contact_submissions (first_name, last_name, email, company,
			job_title, ai_solution_interest, project_details, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING `+leadColumns,
			in.FirstName, in.LastName, in.Email, in.Company, in.JobTitle, in.AISolutionInterest, in.ProjectDetails, formatTime(db.Now())))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: create lead: %w", err)
	}
	return out, nil
}

// FindLeads returns leads newest first.
func (db *DB) FindLeads(ctx context.Context) ([]*site.Lead, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+leadColumns+` FROM contact_submissions ORDER BY created_at DESC, id DESC`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: find leads: %w", err)
	}
	defer rows.Close()
	items := []*site.Lead{}
	for rows.Next() {
		it, err := scanLead(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: find leads: %w", err)
		}
		items = append(items, it)
	}
	return items, rows.Err()
}

// CountLeads counts every stored lead.
func (db *DB) CountLeads(ctx context.Context) (int, error) {
	var n int
	if err := db.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM contact_submissions`).Scan(&n); err != nil {
		return 0, fmt.Errorf("sqlite: count leads: %w", err)
	}
	return n, nil
}
